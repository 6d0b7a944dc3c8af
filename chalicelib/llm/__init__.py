"""Analysis by a language model: the chat port, prompts, schemas, slots and the orchestration.

`chat` is the port every model adapter implements (Ollama, OpenAI-compatible, YandexGPT:
their HTTP clients are in `chalicelib.adapters.llm`); prescreen and the semaphore use it too;
`provider.LlmProvider` turns a contract into findings through it: chunks, prompts,
parallel calls under a cap, validation with a repair loop, a fallback model, the quote
check and the usage figures the report shows.
"""

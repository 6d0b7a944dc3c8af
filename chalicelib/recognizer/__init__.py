"""The hand-off to an external recognizer: scans our own OCR reads badly go, through a
shared folder, to a recognition system outside; its pages come back, merged into one file
in our bucket, and the hand-off ends by publishing a `files.tabular_parsed` result on the
recognition bus.

- `models`: the command, the task record, its stages and the outcome;
- `handoff`: the service behind the state machine's steps and the poller;
- `merge`: reading the recognizer's pages and merging them;
- `errors`: what the hand-off's state machine matches by name;
- `health`: the healthcheck's probes; `active`: the active tasks' view.

The share is a port (`chalicelib.ports.recognizer.RecognizerShare`) with an S3-prefix
adapter, the default (`chalicelib.adapters.recognizer_s3_share`), and an SMB one
(`chalicelib.adapters.recognizer_smb_share`); the task records are
`chalicelib.adapters.dynamo.recognizer_tasks`. The recognition service starts a hand-off
(`chalicelib.adapters.recognition.StepFunctionsRecognizerHandoff`).
"""

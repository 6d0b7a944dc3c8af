"""Recognition as a service: other systems' files in, versioned envelopes out (issue 15).

`envelopes` reads requests and builds answers by the contract's schemas; `publisher` puts
them on the recognition bus, retried under the same message id.
"""

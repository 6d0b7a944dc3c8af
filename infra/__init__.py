"""Infrastructure: the SAM template, packaging, the local cloud and LocalStack files."""

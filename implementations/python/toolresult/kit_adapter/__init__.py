"""The conformance-kit adapter for the Python implementation (spec/09-conformance.md)."""

"""Stand-in for pycuda in tests (see tests/fake_gpu/README.md)."""

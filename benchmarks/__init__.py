"""Benchmarks (``make bench``): each printed as a ratio against a baseline measured in the same run."""

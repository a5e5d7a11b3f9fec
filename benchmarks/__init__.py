"""Benchmarks: every figure is a ratio against a physical limit measured in the same run."""

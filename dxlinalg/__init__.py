"""dxlinalg: a reference emulator of the SM 6.9 cooperative-vector (linear algebra) intrinsics."""

__version__ = "0.1.0"

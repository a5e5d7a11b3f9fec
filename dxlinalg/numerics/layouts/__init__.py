"""Matrix layouts: strided (row/column-major) and the pluggable optimal formats."""

"""What every failing `dxlinalg convert` must look like."""

from __future__ import annotations


def one_line_error(code: int, out: str, err: str) -> str:
    """The documented failure: exit 2, nothing on stdout, one line on stderr; returns that line."""
    assert code == 2, (out, err)
    assert out == "" and err.count("\n") == 1 and err.startswith("dxlinalg convert: error: "), err
    return err

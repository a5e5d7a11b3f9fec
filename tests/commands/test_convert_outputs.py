"""`dxlinalg convert --out`: checked before the work, written whole or not at all, every error naming the file."""

from __future__ import annotations

import errno
import hashlib
import json
import os

import numpy as np
import pytest

from dxlinalg.commands import atomic_output
from dxlinalg.commands.atomic_output import AtomicOutput
from dxlinalg.errors import InvalidArgumentError
from tests.commands.convert_helpers import one_line_error

TO_F16 = ("--from-type", "FLOAT32", "--to-type", "FLOAT16", "--to-layout", "MUL_OPTIMAL")


def leftovers(directory) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".partial"))


@pytest.mark.parametrize("out, message", [
    ("", "--out is empty; give the name of the file to write"),
    ("missing/w.bin", "its directory"),
    (".", "is a directory"),
    ("w16.npy", "a .npy holds a matrix, and MUL_OPTIMAL bytes are not one"),
])
def test_bad_outputs_are_refused_before_any_work(convert, weights, tmp_path, monkeypatch, out, message):
    monkeypatch.chdir(tmp_path)
    line = one_line_error(*convert(weights, *TO_F16, "--out", out))   # nothing on stdout: no conversion ran
    assert message in line and leftovers(tmp_path) == []


def test_an_unwritable_directory_is_refused_before_any_work(convert, weights, tmp_path, monkeypatch):
    def refuse(**kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic_output.tempfile, "mkstemp", refuse)
    line = one_line_error(*convert(weights, *TO_F16, "--out", tmp_path / "w.bin"))
    assert f"output {tmp_path / 'w.bin'}: cannot be written in {tmp_path} (Permission denied)" in line


@pytest.mark.parametrize("existing", [False, True])
def test_a_write_that_fails_midway_leaves_no_partial_file(convert, weights, tmp_path, monkeypatch, existing):
    """A full disk after the first bytes: the old file (or none) stays, and no temporary file is left."""
    out = tmp_path / "w.bin"
    if existing:
        out.write_bytes(b"previous contents")
    monkeypatch.setattr(atomic_output, "WRITE_BLOCK_BYTES", 64)
    real_fdopen = os.fdopen

    class DiskFillsUp:
        """The temporary file, until its third write: that one gets 10 bytes in, then ENOSPC."""

        def __init__(self, *args):
            self.file, self.writes = real_fdopen(*args), 0

        def write(self, block):
            self.writes += 1
            if self.writes == 3:
                self.file.write(bytes(block[:10]))
                raise OSError(errno.ENOSPC, "No space left on device")
            return self.file.write(block)

        def __getattr__(self, name):
            return getattr(self.file, name)

    monkeypatch.setattr(atomic_output.os, "fdopen", DiskFillsUp)
    code, stdout, err = convert(weights, *TO_F16, "--out", out)
    assert code == 2 and "quantisation:" in stdout             # the work was done, then the write failed
    assert f"output {out}: writing failed after 128 bytes (No space left on device); nothing was written there" \
        in err
    assert (out.read_bytes() == b"previous contents") if existing else not out.exists()
    assert not (tmp_path / "w.bin.meta.json").exists() and leftovers(tmp_path) == []


def test_a_failed_rename_leaves_nothing(convert, weights, tmp_path, monkeypatch):
    def refuse(source, destination):
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(atomic_output.os, "replace", refuse)
    code, _, err = convert(weights, *TO_F16, "--out", tmp_path / "w.bin")
    assert code == 2 and "w.bin: could not be finished (Invalid cross-device link)" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["weights.npy"]


def test_raw_outputs_get_a_sidecar_and_npy_outputs_do_not(convert, weights, tmp_path):
    out = tmp_path / "w.bin"
    code, stdout, _ = convert(weights, *TO_F16, "--out", out)
    assert code == 0 and f"wrote {out} and {out}.meta.json" in stdout
    sidecar = json.loads((tmp_path / "w.bin.meta.json").read_text())
    assert sidecar == {"format": "dxlinalg convert output", "version": 1, "profile": "reference", "type": "FLOAT16",
                       "layout": "MUL_OPTIMAL", "rows": 20, "cols": 12, "stride": 0,
                       "DestSize": out.stat().st_size, "sha256": hashlib.sha256(out.read_bytes()).hexdigest()}
    matrix = tmp_path / "w.npy"
    code, stdout, _ = convert(weights, "--from-type", "FLOAT32", "--to-type", "FLOAT32", "--to-layout", "ROW_MAJOR",
                              "--out", matrix)
    assert code == 0 and stdout.endswith(f"wrote {matrix}\n")
    assert np.array_equal(np.load(matrix), np.load(weights)) and not (tmp_path / "w.npy.meta.json").exists()
    assert leftovers(tmp_path) == []


def test_outputs_get_the_usual_permissions(convert, weights, tmp_path):
    mask = os.umask(0o027)
    try:
        assert convert(weights, *TO_F16, "--out", tmp_path / "w.bin")[0] == 0
    finally:
        os.umask(mask)
    assert (tmp_path / "w.bin").stat().st_mode & 0o777 == 0o640


def test_atomic_output_discards_on_error_and_commits_whole(tmp_path):
    path = tmp_path / "f.bin"
    with pytest.raises(RuntimeError), AtomicOutput(path, "--out") as output:
        output.write(b"half")
        raise RuntimeError("crash")
    assert not path.exists() and leftovers(tmp_path) == []
    with AtomicOutput(path, "--out") as output:
        output.write(np.arange(3, dtype=np.uint16))
        output.write(b"!")
        output.commit()
    assert path.read_bytes() == np.arange(3, dtype=np.uint16).tobytes() + b"!"
    with pytest.raises(InvalidArgumentError, match="is empty"):
        AtomicOutput("", "--out")

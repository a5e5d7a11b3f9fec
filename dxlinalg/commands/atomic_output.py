"""Output files that appear whole or not at all.

The file is written under a temporary name in its own directory (so the final rename stays on
one file system) and renamed over the destination with `os.replace` only once every byte is
written and flushed; any failure before that removes the temporary file and leaves whatever
was at the destination untouched. The temporary file is created up front, so a path that
cannot be written is reported before the work it would receive is done.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from types import TracebackType

import numpy as np

from dxlinalg.errors import InvalidArgumentError

WRITE_BLOCK_BYTES = 4 << 20


def output_error(path: Path, message: str) -> InvalidArgumentError:
    """Every output problem names the file first."""
    return InvalidArgumentError(f"output {path}: {message}")


def check_output_file(name: str | Path, argument: str) -> Path:
    """An output file another writer will create later can be created in its folder (checked now, before the work
    that fills it): the same checks and the same messages as AtomicOutput, leaving nothing behind."""
    output = AtomicOutput(name, argument)
    output.discard()
    return output.path


def output_folder(name: str | Path, argument: str) -> Path:
    """The folder an `--out DIR` names, created if it is missing (one rule for every command that writes a folder).

    The rule: a command creates at most the one folder `--out` names, never its parents, so a typo in a
    path fails at once instead of building a tree somewhere unexpected. `convert --out FILE` follows the
    same rule with nothing to create: the folder the file goes in must exist.
    """
    if str(name) == "":
        raise InvalidArgumentError(f"{argument} is empty; give the folder to write into")
    path = Path(name)
    if path.exists() and not path.is_dir():
        raise output_error(path, f"is a file; {argument} names a folder to write into")
    if not path.is_dir():
        if not path.parent.is_dir():
            raise output_error(path, f"its parent folder {path.parent} does not exist ({argument} creates only "
                                     f"the last folder of the path)")
        try:
            path.mkdir()
        except OSError as error:
            raise output_error(path, f"cannot be created ({error.strerror or error})") from None
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class AtomicOutput:
    """A file being written: `write` bytes, then `commit` (rename into place) or `discard`."""

    def __init__(self, name: str | Path, argument: str) -> None:
        if str(name) == "":             # before Path(), which reads "" as "."
            raise InvalidArgumentError(f"{argument} is empty; give the name of the file to write")
        path = self.path = Path(name)
        if path.is_dir():
            raise output_error(path, f"is a directory; {argument} names the file to write")
        directory = path.parent
        if not directory.is_dir():
            raise output_error(path, f"its directory {directory} does not exist")
        try:
            handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=directory)
        except OSError as error:
            raise output_error(path, f"cannot be written in {directory} ({error.strerror or error})") from None
        self.temporary = Path(temporary)
        self._file = os.fdopen(handle, "wb")
        self.written = 0

    def write(self, data: bytes | memoryview | np.ndarray) -> None:
        """Append bytes (a C-contiguous array is written as its raw bytes, in blocks, without a copy)."""
        view = memoryview(np.ascontiguousarray(data).reshape(-1).view(np.uint8)
                          if isinstance(data, np.ndarray) else data).cast("B")
        for start in range(0, len(view), WRITE_BLOCK_BYTES):
            self._write_block(view[start: start + WRITE_BLOCK_BYTES])

    def _write_block(self, block: memoryview) -> None:
        try:
            self._file.write(block)
        except OSError as error:
            self.discard()
            raise output_error(self.path, f"writing failed after {self.written} bytes "
                                          f"({error.strerror or error}); nothing was written there") from None
        self.written += len(block)

    def commit(self) -> None:
        """Flush to disk and rename over the destination."""
        try:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()
            os.chmod(self.temporary, 0o666 & ~_umask())   # as open() would create it, not mkstemp's 0600
            os.replace(self.temporary, self.path)
        except OSError as error:
            self.discard()
            raise output_error(self.path, f"could not be finished ({error.strerror or error}); nothing was "
                                          f"written there") from None

    def discard(self) -> None:
        """Drop the temporary file (safe to call more than once)."""
        if not self._file.closed:
            self._file.close()
        self.temporary.unlink(missing_ok=True)

    def __enter__(self) -> AtomicOutput:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if not self._file.closed or self.temporary.exists():
            self.discard()

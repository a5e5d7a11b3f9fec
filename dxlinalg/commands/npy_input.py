"""What a `dxlinalg convert` input file holds, decided from its first bytes, and `.npy` headers.

The header is read by itself (numpy's documented format: the magic `\\x93NUMPY`, a version, a
little-endian header length and a Python-literal dict), so shape, dtype and size are checked
before any data is allocated, and an object array is refused without its pickle being touched.
The data is then read straight into the caller's buffer, a block of rows or columns at a time.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import BinaryIO

import numpy as np

from dxlinalg.errors import InvalidArgumentError

NPY_MAGIC = b"\x93NUMPY"
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")    # a local file header, or an empty archive
HEADER_LENGTH_BYTES = {1: 2, 2: 4, 3: 4}         # format version -> bytes of the header length
MAX_HEADER_BYTES = 1 << 16                        # numpy writes under 100; a larger one is not a .npy
SNIFF_BYTES = 4096
READ_BLOCK_BYTES = 4 << 20                        # data is copied in blocks of about this size
_NUMERIC_TEXT = re.compile(rb"[0-9eE+\-.,;:\s\[\]naifNAIF]*")
# What np.save writes for ml_dtypes' FP8 arrays: a 1-byte void, or (E5M2) the unloadable '<f1'.
FP8_DESCRS = frozenset({"|V1", "<V1", ">V1", "<f1", "|f1", ">f1"})


class InputKind(Enum):
    NPY = "a .npy array"
    RAW = "raw bytes"
    NUMERIC_TEXT = "text"


def input_error(path: Path, message: str) -> InvalidArgumentError:
    """Every input problem names the file first."""
    return InvalidArgumentError(f"input {path}: {message}")


def _open(path: Path) -> BinaryIO:
    try:
        return open(path, "rb")
    except IsADirectoryError:
        raise input_error(path, "is a directory; give a .npy file or a raw file of matrix bytes") from None
    except FileNotFoundError:
        raise input_error(path, "does not exist") from None
    except OSError as error:
        raise input_error(path, f"cannot be read ({error.strerror or error})") from None


def sniff_input(path: Path) -> InputKind:
    """The kind of file from its first bytes; zip archives (`.npz`) and empty files are refused.

    Numeric text (digits, signs, separators) is reported as such; the caller decides whether
    raw bytes that happen to look like that are still meant as raw (their size must then match).
    """
    if path.is_dir():
        raise input_error(path, "is a directory; give a .npy file or a raw file of matrix bytes")
    with _open(path) as file:
        try:
            head = file.read(SNIFF_BYTES)
        except OSError as error:
            raise input_error(path, f"cannot be read ({error.strerror or error})") from None
    if not head:
        raise input_error(path, "is empty")
    if head.startswith(NPY_MAGIC):
        return InputKind.NPY
    if head.startswith(ZIP_MAGICS):
        raise input_error(path, "is a zip archive (an .npz?), which convert does not read; save the one "
                                "matrix with np.save(\"matrix.npy\", np.load(FILE)[NAME])")
    if _NUMERIC_TEXT.fullmatch(head) and re.search(rb"[0-9]", head) and re.search(rb"[\s,;]", head):
        return InputKind.NUMERIC_TEXT
    return InputKind.RAW


@dataclass(frozen=True)
class NpyHeader:
    """The parts of a `.npy` header that say what its data is and where it starts."""

    path: Path
    version: tuple[int, int]
    descr: object              # a dtype string such as '<f4', or a list for structured dtypes
    fortran_order: bool
    shape: tuple[int, ...]
    data_offset: int


def read_npy_header(path: Path) -> NpyHeader:
    """Parse the header only (no data is read), with an error naming the file for each defect."""
    with _open(path) as file:
        try:
            prefix = file.read(len(NPY_MAGIC) + 2)
            if len(prefix) < len(NPY_MAGIC) + 2 or not prefix.startswith(NPY_MAGIC):
                raise input_error(path, "is not a .npy file (it does not start with \\x93NUMPY and a version)")
            version = (prefix[-2], prefix[-1])
            if version[0] not in HEADER_LENGTH_BYTES:
                raise input_error(path, f".npy format version {version[0]}.{version[1]} is not one numpy "
                                        f"writes (1.0, 2.0, 3.0)")
            length_bytes = file.read(HEADER_LENGTH_BYTES[version[0]])
            header_length = int.from_bytes(length_bytes, "little")
            if len(length_bytes) < HEADER_LENGTH_BYTES[version[0]] or header_length > MAX_HEADER_BYTES:
                raise input_error(path, f"the .npy header length {header_length} is not plausible "
                                        f"(at most {MAX_HEADER_BYTES} bytes)")
            text = file.read(header_length)
        except OSError as error:
            raise input_error(path, f"cannot be read ({error.strerror or error})") from None
    if len(text) < header_length:
        raise input_error(path, f"is cut off inside its .npy header ({len(text)} of {header_length} bytes)")
    fields = _header_dict(path, text, "utf-8" if version[0] >= 3 else "latin1")
    return NpyHeader(path, version, fields["descr"], fields["fortran_order"], fields["shape"],
                     len(NPY_MAGIC) + 2 + HEADER_LENGTH_BYTES[version[0]] + header_length)


def _header_dict(path: Path, text: bytes, encoding: str) -> dict[str, object]:
    """The header dict, checked to hold exactly descr, fortran_order and shape of the right kinds."""
    try:
        fields = ast.literal_eval(text.decode(encoding))
    except (ValueError, SyntaxError, UnicodeDecodeError, MemoryError, RecursionError):
        raise input_error(path, "has a .npy header that is not a Python dict literal") from None
    keys = {"descr", "fortran_order", "shape"}
    if not isinstance(fields, dict) or set(fields) != keys:
        found = sorted(map(str, fields)) if isinstance(fields, dict) else type(fields).__name__
        raise input_error(path, f"the .npy header must have exactly the keys {sorted(keys)}, not {found}")
    if not isinstance(fields["fortran_order"], bool):
        raise input_error(path, f"the .npy header's fortran_order = {fields['fortran_order']!r} is not True or False")
    shape = fields["shape"]
    if not isinstance(shape, tuple) or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                                               for n in shape):
        raise input_error(path, f"the .npy header's shape = {shape!r} is not a tuple of non-negative integers")
    return fields


def npy_file_dtype(header: NpyHeader, expected: np.dtype, type_name: str, argument: str, is_fp8: bool) -> np.dtype:
    """The dtype to read the data as, which holds `type_name` elements (byte order may differ).

    Object arrays are refused before anything else: their data is a pickle, which is never loaded.
    FP8 has no numpy type code: np.save writes ml_dtypes' FP8 arrays as a 1-byte void ('|V1', or
    '<f1' for E5M2), so those are read as the FP8 type `argument` names.
    """
    descr, path = header.descr, header.path
    if not isinstance(descr, str):
        raise input_error(path, f"holds a structured array (dtype {descr!r}); convert reads a plain matrix")
    if "O" in descr:
        raise input_error(path, "holds Python objects (a pickled object array), which convert never loads; "
                                "save a numeric matrix")
    if is_fp8:
        if descr in FP8_DESCRS:
            return expected
        raise input_error(path, f"holds {descr!r} values but {argument} {type_name} is stored as 1-byte "
                                f"{expected.name} (np.save writes those as '|V1')")
    try:
        found = np.dtype(descr)
    except TypeError:
        raise input_error(path, f"the .npy header's descr {descr!r} is not a numpy dtype") from None
    if found.kind != expected.kind or found.itemsize != expected.itemsize:
        raise input_error(path, f"holds {found.name} values but {argument} {type_name} is stored as "
                                f"{expected.name}")
    return found


def check_npy_data_size(header: NpyHeader, itemsize: int) -> None:
    """The data after the header is exactly the elements the header promises."""
    count = int(np.prod(header.shape, dtype=object))
    expected = count * itemsize
    try:
        actual = header.path.stat().st_size - header.data_offset
    except OSError as error:
        raise input_error(header.path, f"cannot be read ({error.strerror or error})") from None
    if actual < expected:
        raise input_error(header.path, f"is truncated: its header promises {expected} bytes of data "
                                       f"({' x '.join(map(str, header.shape))} x {itemsize}), the file has {actual}")
    if actual > expected:
        raise input_error(header.path, f"has {actual - expected} bytes after the {expected} bytes of data its "
                                       f"header describes")


def read_npy_into(header: NpyHeader, file_dtype: np.dtype, target: np.ndarray) -> None:
    """Copy the (rows, cols) matrix of a checked header into `target` (same shape), block by block.

    `target` may be any view (a transposed one, another byte order): each block of rows (or of
    columns, for Fortran order) is read into a small buffer and assigned, so at most one block
    is ever held besides `target`. When the file's order and dtype match `target`'s memory, the
    bytes go straight in.
    """
    rows, cols = target.shape
    lines, length = (cols, rows) if header.fortran_order else (rows, cols)
    lined = target.T if header.fortran_order else target        # (lines, length), a view
    with _open(header.path) as file:
        file.seek(header.data_offset)
        if lined.flags.c_contiguous and file_dtype == lined.dtype:
            _read_exactly(file, lined.reshape(-1).view(np.uint8), header.path)
            return
        block = max(1, READ_BLOCK_BYTES // (length * file_dtype.itemsize))
        for start in range(0, lines, block):
            count = min(block, lines - start)
            buffer = np.empty(count * length * file_dtype.itemsize, np.uint8)
            _read_exactly(file, buffer, header.path)
            lined[start: start + count] = buffer.view(file_dtype).reshape(count, length)


def read_raw_into(path: Path, target: np.ndarray) -> None:
    """All of a raw file's bytes into the uint8 array `target` (its size checked beforehand)."""
    with _open(path) as file:
        _read_exactly(file, target, path)


def _read_exactly(file: BinaryIO, target: np.ndarray, path: Path) -> None:
    view = memoryview(target)
    done = 0
    try:
        while done < target.size:
            count = file.readinto(view[done: done + READ_BLOCK_BYTES])
            if not count:
                raise input_error(path, f"ended after {done} of the {target.size} bytes expected (did it change "
                                        f"while being read?)")
            done += count
    except OSError as error:
        raise input_error(path, f"cannot be read ({error.strerror or error})") from None

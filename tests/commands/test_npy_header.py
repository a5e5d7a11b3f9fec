"""The .npy header reader convert uses: numpy's documented format, checked before any data is read."""

from __future__ import annotations

import io
import struct

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.commands import npy_input
from dxlinalg.commands.npy_input import (
    InputKind, check_npy_data_size, npy_file_dtype, read_npy_header, read_npy_into, sniff_input)
from dxlinalg.errors import InvalidArgumentError


def npy_bytes(header: str, data: bytes = b"", version: tuple[int, int] = (1, 0)) -> bytes:
    """A .npy file with a hand-written header dict (padded as numpy pads it)."""
    text = header.encode("latin1")
    length_format = "<H" if version[0] == 1 else "<I"
    prefix = 6 + 2 + struct.calcsize(length_format)
    padded = text + b" " * (-(prefix + len(text) + 1) % 64) + b"\n"
    return b"\x93NUMPY" + bytes(version) + struct.pack(length_format, len(padded)) + padded + data


@pytest.mark.parametrize("version", [(1, 0), (2, 0), (3, 0)])
def test_headers_numpy_writes_are_read_without_the_data(tmp_path, version):
    matrix = np.arange(12, dtype=np.float32).reshape(3, 4)
    path = tmp_path / "m.npy"
    with open(path, "wb") as file:
        np.lib.format.write_array(file, matrix, version=version)
    header = read_npy_header(path)
    assert header.version == version and header.descr == "<f4" and header.shape == (3, 4)
    assert header.fortran_order is False
    assert path.stat().st_size - header.data_offset == matrix.nbytes


@pytest.mark.parametrize("content, message", [
    (b"\x93NUMPX\x01\x00", "is not a .npy file"),
    (b"\x93NUMPY\x09\x00\x10\x00", "format version 9.0"),
    (b"\x93NUMPY\x02\x00\xff\xff\xff\x7f{", "header length 2147483647 is not plausible"),
    (b"\x93NUMPY\x01\x00\x40\x00{'descr'", "cut off inside its .npy header"),
    (npy_bytes("{'descr': __import__('os'), 'fortran_order': False, 'shape': (2, 2)}"), "not a Python dict literal"),
    (npy_bytes("{'descr': '<f4', 'fortran_order': False}"), "exactly the keys"),
    (npy_bytes("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), 'x': 1}"), "exactly the keys"),
    (npy_bytes("[1, 2, 3]"), "exactly the keys"),
    (npy_bytes("{'descr': '<f4', 'fortran_order': 'no', 'shape': (2, 2)}"), "fortran_order = 'no'"),
    (npy_bytes("{'descr': '<f4', 'fortran_order': False, 'shape': (2, -1)}"), "shape = (2, -1)"),
    (npy_bytes("{'descr': '<f4', 'fortran_order': False, 'shape': [2, 2]}"), "shape = [2, 2]"),
])
def test_malformed_headers_are_one_error_naming_the_file(tmp_path, content, message):
    path = tmp_path / "bad.npy"
    path.write_bytes(content)
    with pytest.raises(InvalidArgumentError, match="bad.npy") as error:
        read_npy_header(path)
    assert message in str(error.value)


def header_of(tmp_path, descr: object, shape: tuple[int, ...] = (2, 2), data: bytes = b""):
    path = tmp_path / "h.npy"
    path.write_bytes(npy_bytes(f"{{'descr': {descr!r}, 'fortran_order': False, 'shape': {shape!r}, }}", data))
    return read_npy_header(path)


@pytest.mark.parametrize("descr, message", [
    ("|O", "Python objects"),
    ([("a", "<f4"), ("b", "<f4")], "structured array"),
    ("<f2", "holds float16 values but --from-type FLOAT32 is stored as float32"),
    ("<i4", "holds int32 values"),
    ("<q9", "is not a numpy dtype"),
])
def test_dtypes_that_are_not_the_source_type_are_refused(tmp_path, descr, message):
    with pytest.raises(InvalidArgumentError, match="h.npy") as error:
        npy_file_dtype(header_of(tmp_path, descr), np.dtype(np.float32), "FLOAT32", "--from-type", False)
    assert message in str(error.value)


def test_other_byte_orders_are_read_as_the_source_type(tmp_path):
    assert npy_file_dtype(header_of(tmp_path, ">f4"), np.dtype(np.float32), "FLOAT32", "x", False) == np.dtype(">f4")


@pytest.mark.parametrize("fp8", [ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2])
def test_fp8_arrays_np_save_writes_are_read_as_the_named_fp8_type(tmp_path, fp8):
    buffer = io.BytesIO()
    np.save(buffer, np.zeros((2, 2), fp8))
    path = tmp_path / "fp8.npy"
    path.write_bytes(buffer.getvalue())
    header = read_npy_header(path)
    assert npy_file_dtype(header, np.dtype(fp8), "E4M3", "--from-type", True) == np.dtype(fp8)
    with pytest.raises(InvalidArgumentError, match="1-byte"):
        npy_file_dtype(header_of(tmp_path, "<f2"), np.dtype(fp8), "E4M3", "--from-type", True)


def test_data_must_be_exactly_what_the_header_promises(tmp_path):
    check_npy_data_size(header_of(tmp_path, "|u1", (2, 3), b"123456"), 1)
    with pytest.raises(InvalidArgumentError, match="is truncated: its header promises 6 bytes"):
        check_npy_data_size(header_of(tmp_path, "|u1", (2, 3), b"12345"), 1)
    with pytest.raises(InvalidArgumentError, match="has 2 bytes after the 6 bytes"):
        check_npy_data_size(header_of(tmp_path, "|u1", (2, 3), b"12345678"), 1)


@pytest.mark.parametrize("fortran", [False, True])
@pytest.mark.parametrize("byte_order", ["<", ">"])
@pytest.mark.parametrize("transposed_target", [False, True])
def test_data_is_read_into_any_target_view_block_by_block(tmp_path, monkeypatch, fortran, byte_order,
                                                          transposed_target):
    monkeypatch.setattr(npy_input, "READ_BLOCK_BYTES", 24)      # several blocks of rows or columns
    matrix = np.random.default_rng(0).standard_normal((7, 5)).astype(f"{byte_order}f4")
    path = tmp_path / "m.npy"
    np.save(path, np.asfortranarray(matrix) if fortran else matrix)
    header = read_npy_header(path)
    assert header.fortran_order is fortran
    target = np.zeros((5, 7), np.float32).T if transposed_target else np.zeros((7, 5), np.float32)
    read_npy_into(header, np.dtype(header.descr), target)
    assert np.array_equal(target, matrix.astype(np.float32))


@pytest.mark.parametrize("content, kind", [
    (b"\x93NUMPY\x01\x00", InputKind.NPY),
    (b"\x00\x01\x02\xff" * 8, InputKind.RAW),
    (b"1.0, 2.5e-3\n-4 nan\n", InputKind.NUMERIC_TEXT),
    (b"12345678", InputKind.RAW),               # no separator: as likely bytes as text
])
def test_the_kind_of_file_comes_from_its_first_bytes(tmp_path, content, kind):
    path = tmp_path / "any.name"
    path.write_bytes(content)
    assert sniff_input(path) == kind


@pytest.mark.parametrize("content, message", [
    (b"", "is empty"),
    (b"PK\x03\x04rest", r"zip archive \(an \.npz\?\)"),
    (b"PK\x05\x06" + bytes(18), "zip archive"),
])
def test_empty_files_and_zip_archives_are_refused(tmp_path, content, message):
    path = tmp_path / "in.npy"
    path.write_bytes(content)
    with pytest.raises(InvalidArgumentError, match=message):
        sniff_input(path)

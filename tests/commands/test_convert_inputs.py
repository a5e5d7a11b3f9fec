"""`dxlinalg convert` reads what a file holds, decided by its content, and refuses everything else in one line."""

from __future__ import annotations

import struct
import tracemalloc

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.commands import npy_input
from tests.commands.convert_helpers import one_line_error

TO_F16 = ("--from-type", "FLOAT32", "--to-type", "FLOAT16", "--to-layout", "MUL_OPTIMAL")


def npy_header_only(shape: tuple[int, ...], descr: str = "<f4", data: bytes = b"") -> bytes:
    text = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape!r}, }}".encode()
    text += b" " * (-(10 + len(text) + 1) % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text + data


def test_a_huge_header_is_refused_before_anything_is_allocated(convert, tmp_path):
    path = tmp_path / "huge.npy"
    path.write_bytes(npy_header_only((100000, 100000), data=bytes(64)))
    tracemalloc.start()
    try:
        line = one_line_error(*convert(path, *TO_F16))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "huge.npy: its shape 100000 x 100000 has 10000000000 elements, more than the emulator's limit" in line
    assert peak < 16 << 20


@pytest.mark.parametrize("shape, message", [
    ((4, 4, 4), "holds an array of shape (4, 4, 4); a matrix needs 2 dimensions"),
    ((7,), "a matrix needs 2 dimensions"),
    ((0, 4), "its shape 0 x 4 has no elements"),
])
def test_arrays_that_are_not_matrices_are_refused(convert, tmp_path, shape, message):
    path = tmp_path / "a.npy"
    np.save(path, np.zeros(shape, np.float32))
    assert message in one_line_error(*convert(path, *TO_F16))


def test_object_arrays_are_refused_naming_the_file_without_unpickling(convert, tmp_path):
    path = tmp_path / "objects.npy"
    np.save(path, np.array([[object()]], dtype=object), allow_pickle=True)
    line = one_line_error(*convert(path, *TO_F16))
    assert "objects.npy" in line and "Python objects (a pickled object array)" in line


@pytest.mark.parametrize("data, message", [
    (bytes(4 * 6 - 1), "is truncated: its header promises 24 bytes of data (2 x 3 x 4), the file has 23"),
    (bytes(4 * 6 + 8), "has 8 bytes after the 24 bytes of data its header describes"),
])
def test_npy_data_of_the_wrong_length_is_refused(convert, tmp_path, data, message):
    path = tmp_path / "cut.npy"
    path.write_bytes(npy_header_only((2, 3), data=data))
    assert message in one_line_error(*convert(path, *TO_F16))


def test_the_npy_magic_decides_not_the_extension(convert, tmp_path):
    matrix = np.arange(24, dtype=np.float32).reshape(4, 6)
    disguised = tmp_path / "weights.bin"
    with open(disguised, "wb") as file:
        np.save(file, matrix)
    code, out, _ = convert(disguised, "--from-type", "FLOAT32", "--to-type", "FLOAT32", "--to-layout", "ROW_MAJOR")
    assert code == 0 and "4 x 6 FLOAT32 ROW_MAJOR, stride 24 (96 bytes)" in out and "bit-exact" in out
    raw = tmp_path / "raw.npy"
    matrix.tofile(raw)
    line = one_line_error(*convert(raw, *TO_F16))
    assert "raw.npy: has no .npy header, so it is read as raw bytes, which needs --rows and --cols" in line


@pytest.mark.parametrize("content, message", [
    (b"PK\x03\x04" + bytes(60), "is a zip archive (an .npz?), which convert does not read"),
    (b"0.5 1.25 -3\n4 5 6\n", "looks like numbers written as text"),
    (b"", "is empty"),
])
def test_npz_text_and_empty_files_are_refused(convert, tmp_path, content, message):
    path = tmp_path / "input.npy"
    path.write_bytes(content)
    line = one_line_error(*convert(path, *TO_F16))
    assert "input.npy" in line and message in line


def test_a_real_npz_is_refused(convert, tmp_path):
    path = tmp_path / "weights.npz"
    np.savez(path, w=np.zeros((2, 2), np.float32))
    assert "zip archive" in one_line_error(*convert(path, *TO_F16))


def test_raw_bytes_that_look_like_text_are_raw_when_their_size_fits(convert, tmp_path):
    path = tmp_path / "u8.bin"
    path.write_bytes(b"12 34 5\n" * 4)              # 32 bytes: a 4 x 8 UINT8 matrix
    code, out, _ = convert(path, "--rows", 4, "--cols", 8, "--from-type", "UINT8", "--to-type", "UINT8",
                           "--to-layout", "COLUMN_MAJOR")
    assert code == 0 and "bit-exact" in out


def test_a_directory_says_so(convert, tmp_path):
    line = one_line_error(*convert(tmp_path, *TO_F16))
    assert f"input {tmp_path}: is a directory" in line


def test_a_missing_file_says_so(convert, tmp_path):
    assert "nope.npy: does not exist" in one_line_error(*convert(tmp_path / "nope.npy", *TO_F16))


def test_an_unreadable_file_is_named(convert, weights, monkeypatch):
    def refuse(path, mode="r"):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(npy_input, "open", refuse, raising=False)
    line = one_line_error(*convert(weights, *TO_F16))
    assert f"input {weights}: cannot be read (Permission denied)" in line


def test_fortran_order_and_big_endian_npy_files_give_the_same_matrix(convert, tmp_path):
    matrix = np.random.default_rng(1).normal(0, 1, (8, 5)).astype(np.float32)
    expected = matrix.astype(np.float16)
    for name, stored in (("f.npy", np.asfortranarray(matrix)), ("be.npy", matrix.astype(">f4"))):
        np.save(tmp_path / name, stored)
        out = tmp_path / f"out_{name}"
        code, _, _ = convert(tmp_path / name, "--from-type", "FLOAT32", "--to-type", "FLOAT16",
                             "--to-layout", "COLUMN_MAJOR", "--out", out)     # columns of 16 bytes: tight
        assert code == 0 and np.array_equal(np.load(out), expected)


def test_fp8_npy_files_as_np_save_writes_them(convert, tmp_path):
    values = np.array([[1.0, -2.5, 0.0, 448.0], [-0.0, 0.125, 3.5, -448.0]], ml_dtypes.float8_e4m3fn)
    path = tmp_path / "e4m3.npy"
    np.save(path, values)
    code, out, _ = convert(path, "--from-type", "E4M3", "--to-type", "E4M3", "--to-layout", "MUL_OPTIMAL")
    assert code == 0 and "through 2 x 4 FLOAT16 ROW_MAJOR" in out and "bit-exact" in out


@pytest.mark.parametrize("size, accepted", [(224, True), (256, True), (200, False), (288, False)])
def test_raw_input_length_must_be_what_its_stride_spans(convert, tmp_path, size, accepted):
    """4 rows of 16 FLOAT16 with stride 64: (4-1)*64 + 32 = 224 bytes, or 256 with the last row's padding."""
    path = tmp_path / "strided.bin"
    path.write_bytes(bytes(size))
    result = convert(path, "--rows", 4, "--cols", 16, "--stride", 64, "--from-type", "FLOAT16",
                     "--to-type", "FLOAT16", "--to-layout", "ROW_MAJOR")
    if accepted:
        assert result[0] == 0 and "bit-exact" in result[1]
    else:
        assert f"strided.bin: has {size} bytes, but a 4 x 16 FLOAT16 ROW_MAJOR, stride 64 matrix takes 224 or 256" \
            in one_line_error(*result)


@pytest.mark.parametrize("args, message", [
    (("--rows", 0, "--cols", 4), "--rows 0 must be at least 1"),
    (("--rows", 2, "--cols", 4, "--stride", 4), "--stride 4 is shorter than one row of the source (8 bytes)"),
    (("--rows", 100000, "--cols", 100000), "--rows x --cols 100000 x 100000 has 10000000000 elements"),
])
def test_raw_shapes_and_strides_are_checked_before_reading(convert, tmp_path, args, message):
    path = tmp_path / "w.bin"
    path.write_bytes(bytes(16))
    assert message in one_line_error(*convert(path, *args, "--from-type", "FLOAT16", "--to-type", "FLOAT16",
                                              "--to-layout", "ROW_MAJOR"))

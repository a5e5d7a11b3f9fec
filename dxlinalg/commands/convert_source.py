"""The input of `dxlinalg convert`: what the file holds, checked whole before any data is read.

A file is a `.npy` array if it starts with numpy's magic, whatever its name; otherwise it is raw
bytes already in `--from-layout`, whose length must be exactly what that layout needs. Raw
optimal-layout bytes are accepted only with the sidecar `dxlinalg convert` wrote beside them
(or an explicit flag), since nothing else says which profile's layout they are in.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from d3d12api import D3D12_LINEAR_ALGEBRA_DATATYPE, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT
from d3d12api.conversion import MAX_MATRIX_ELEMENTS
from dxlinalg.commands.npy_input import (
    InputKind, NpyHeader, check_npy_data_size, input_error, npy_file_dtype, read_npy_header, read_npy_into,
    read_raw_into, sniff_input)
from dxlinalg.commands.sidecar import MatrixSidecar, check_contents, check_request, read_sidecar, sidecar_path
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.codecs import element_dtype
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.layouts.optimal import SIZE_GRANULE, round_up
from dxlinalg.profile.matrix_storage import MatrixDescription, stored_size
from dxlinalg.profile.model import DeviceProfile

LAYOUT = D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT
STRIDED = (LAYOUT.ROW_MAJOR, LAYOUT.COLUMN_MAJOR)


@dataclass(frozen=True)
class MatrixSpec:
    rows: int
    cols: int
    data_type: D3D12_LINEAR_ALGEBRA_DATATYPE
    layout: D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT
    stride: int

    @property
    def component(self) -> ComponentType:
        return ComponentType(int(self.data_type))

    @property
    def is_optimal(self) -> bool:
        return self.layout not in STRIDED

    def describe(self) -> str:
        stride = f", stride {self.stride}" if not self.is_optimal else ""
        return f"{self.rows} x {self.cols} {self.data_type.name} {self.layout.name}{stride}"

    def description(self) -> MatrixDescription:
        return MatrixDescription(self.rows, self.cols, self.component, MatrixLayout(int(self.layout)), self.stride)


def tight_stride(cols_or_rows: int, data_type: int, multiple: int) -> int:
    """One row (row-major) or column (column-major) of `cols_or_rows` elements, rounded up."""
    return round_up(cols_or_rows * type_info(ComponentType(int(data_type))).size_bytes, multiple)


def vector_length(rows: int, cols: int, layout: int) -> int:
    """Elements in one stored row (row-major) or column (column-major)."""
    return cols if layout == LAYOUT.ROW_MAJOR else rows


@dataclass(frozen=True)
class SourceFile:
    """A checked input: where its bytes are, what they are, and how many the device will get."""

    path: Path
    spec: MatrixSpec
    size: int                          # bytes uploaded: the file's, or the .npy's data packed
    header: NpyHeader | None = None    # None for raw bytes
    file_dtype: np.dtype | None = None
    sidecar: MatrixSidecar | None = None

    def load_into(self, target: np.ndarray) -> None:
        """The bytes the device reads, into `target` (uint8, `size` long); checks the sidecar's checksum."""
        if self.header is None:
            read_raw_into(self.path, target)
            if self.sidecar is not None:
                check_contents(self.sidecar, self.path, self.size, hashlib.sha256(memoryview(target)).hexdigest())
            return
        dtype = element_dtype(self.spec.component)
        rows, cols = self.spec.rows, self.spec.cols
        elements = target.view(dtype)
        matrix = elements.reshape(rows, cols) if self.spec.layout == LAYOUT.ROW_MAJOR else \
            elements.reshape(cols, rows).T
        read_npy_into(self.header, self.file_dtype, matrix)


def _check_shape(path: Path, rows: int, cols: int, where: str) -> None:
    if rows < 1 or cols < 1:
        raise input_error(path, f"{where} {rows} x {cols} has no elements; a matrix has at least one row and column")
    if rows * cols > MAX_MATRIX_ELEMENTS:
        raise input_error(path, f"{where} {rows} x {cols} has {rows * cols} elements, more than the emulator's "
                                f"limit of {MAX_MATRIX_ELEMENTS} (NumRows x NumColumns)")


def inspect_source(path: Path, rows: int | None, cols: int | None, data_type: D3D12_LINEAR_ALGEBRA_DATATYPE,
                   layout: D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT, stride: int | None, profile: DeviceProfile,
                   allow_missing_sidecar: bool) -> SourceFile:
    """Every check that needs no data: kind, header, shape, dtype, size cap, length, sidecar."""
    for argument, value in (("--rows", rows), ("--cols", cols)):
        if value is not None and value < 1:
            raise InvalidArgumentError(f"{argument} {value} must be at least 1")
    kind = sniff_input(path)
    if kind == InputKind.NPY:
        return _inspect_npy(path, rows, cols, data_type, layout, stride)
    return _inspect_raw(path, kind, rows, cols, data_type, layout, stride, profile, allow_missing_sidecar)


def _inspect_npy(path: Path, rows: int | None, cols: int | None, data_type: D3D12_LINEAR_ALGEBRA_DATATYPE,
                 layout: D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT, stride: int | None) -> SourceFile:
    header = read_npy_header(path)
    info = type_info(ComponentType(int(data_type)))
    expected = element_dtype(ComponentType(int(data_type)))
    file_dtype = npy_file_dtype(header, expected, data_type.name, "--from-type", info.is_fp8)
    if len(header.shape) != 2:
        raise input_error(path, f"holds an array of shape {header.shape}; a matrix needs 2 dimensions")
    _check_shape(path, *header.shape, "its shape")
    check_npy_data_size(header, file_dtype.itemsize)
    if (rows, cols) != (None, None) and (rows, cols) != header.shape:
        raise InvalidArgumentError(f"--rows/--cols {rows} x {cols} disagree with {path}'s shape {header.shape}")
    if layout not in STRIDED:
        raise InvalidArgumentError(f"a .npy file holds the logical matrix, so --from-layout must be ROW_MAJOR "
                                   f"or COLUMN_MAJOR, not {layout.name}; give optimal bytes as a raw file")
    rows, cols = header.shape
    tight = tight_stride(vector_length(rows, cols, layout), data_type, 1)
    if stride not in (None, tight):
        raise InvalidArgumentError(f"--stride {stride} does not fit a .npy source, whose rows are packed "
                                   f"({tight} bytes)")
    return SourceFile(path, MatrixSpec(rows, cols, data_type, layout, tight), rows * cols * expected.itemsize,
                      header, file_dtype)


def _inspect_raw(path: Path, kind: InputKind, rows: int | None, cols: int | None,
                 data_type: D3D12_LINEAR_ALGEBRA_DATATYPE, layout: D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT,
                 stride: int | None, profile: DeviceProfile, allow_missing_sidecar: bool) -> SourceFile:
    optimal = layout not in STRIDED
    sidecar = read_sidecar(path)       # present: dxlinalg wrote these bytes, whatever they look like
    if sidecar is not None:
        check_request(sidecar, path, profile.name, data_type.name, layout.name, optimal, rows, cols, stride)
        rows, cols = sidecar.rows, sidecar.cols
        stride = stride if optimal else sidecar.stride
    size = path.stat().st_size
    if kind == InputKind.NUMERIC_TEXT and sidecar is None and (rows is None or cols is None or size not in
                                           _raw_sizes(path, rows, cols, data_type, layout, stride, profile)):
        raise input_error(path, "looks like numbers written as text; convert reads .npy or raw bytes "
                                "(np.save(\"matrix.npy\", np.loadtxt(FILE, dtype=np.float32)))")
    if optimal and sidecar is None and not allow_missing_sidecar:
        raise input_error(path, f"{layout.name} bytes need the sidecar {sidecar_path(path).name} that dxlinalg "
                                f"convert writes beside them (it says which profile's layout they are in); "
                                f"pass --allow-missing-sidecar if you know they are --profile {profile.name}'s")
    if rows is None or cols is None:
        raise input_error(path, "has no .npy header, so it is read as raw bytes, which needs --rows and --cols")
    sizes = _raw_sizes(path, rows, cols, data_type, layout, stride, profile)
    if not optimal and stride is None:
        stride = tight_stride(vector_length(rows, cols, layout), data_type, 1)
    spec = MatrixSpec(rows, cols, data_type, layout, stride or 0)
    if size not in sizes:
        where = f" on profile {profile.name}" if optimal else ""
        raise input_error(path, f"has {size} bytes, but a {spec.describe()} matrix{where} takes "
                                f"{' or '.join(map(str, sorted(sizes)))}")
    if sidecar is not None:
        check_contents(sidecar, path, size, None)
    return SourceFile(path, spec, size, sidecar=sidecar)


def _raw_sizes(path: Path, rows: int, cols: int, data_type: D3D12_LINEAR_ALGEBRA_DATATYPE,
               layout: D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT, stride: int | None, profile: DeviceProfile) -> set[int]:
    """The lengths a raw matrix may have: what its layout spans, and that rounded as D3D12 rounds DestSize.

    Strided matrices may also keep the padding after their last row (count x stride bytes).
    """
    _check_shape(path, rows, cols, "--rows x --cols")
    if layout not in STRIDED:
        spanned = stored_size(MatrixDescription(rows, cols, ComponentType(int(data_type)),
                                                MatrixLayout(int(layout))), profile)
        return {spanned, round_up(spanned, SIZE_GRANULE)}
    count, length = (rows, cols) if layout == LAYOUT.ROW_MAJOR else (cols, rows)
    tight = tight_stride(length, data_type, 1)
    stride = tight if stride is None else stride
    if stride < tight:
        what = "row" if layout == LAYOUT.ROW_MAJOR else "column"
        raise InvalidArgumentError(f"--stride {stride} is shorter than one {what} of the source ({tight} bytes)")
    spanned = (count - 1) * stride + tight
    return {spanned, round_up(spanned, SIZE_GRANULE), count * stride}

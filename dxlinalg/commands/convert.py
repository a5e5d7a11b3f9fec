"""`dxlinalg convert`: offline weight conversion through the same path as ConvertLinearAlgebraMatrix.

The input is a `.npy` holding the logical rows x cols matrix (never pickled objects) or a raw
`.bin` holding bytes already in `--from-layout`. The conversion runs on a mock D3D12 device of
the chosen profile with the debug layer on, so every rule of the real API applies; the result is
converted back to the source type and row-major to verify the round trip and measure the
quantisation error.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

from d3d12api import (
    D3D12_LINEAR_ALGEBRA_DATATYPE,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT,
)
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.codecs import element_dtype
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, parse_component_type, type_info
from dxlinalg.numerics.layouts.strided import decode_strided
from shaders.host_helpers import GpuContext, align_up

LAYOUT = D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT
STRIDED = (LAYOUT.ROW_MAJOR, LAYOUT.COLUMN_MAJOR)


def _parse(enum: type[IntEnum], name: str, argument: str, what: str) -> Any:
    """A member of a D3D12 enum by its short name, case-insensitive; the error lists the valid names."""
    try:
        return enum[name.upper()]
    except KeyError:
        valid = ", ".join(enum.__members__)
        raise InvalidArgumentError(f"{argument} {name!r} is not {what}; valid: {valid}") from None


def parse_type(name: str, argument: str) -> D3D12_LINEAR_ALGEBRA_DATATYPE:
    """A D3D12 short type name (FLOAT32, FLOAT16, E4M3, SINT8, ...)."""
    return D3D12_LINEAR_ALGEBRA_DATATYPE(parse_component_type(name, argument))


def parse_layout(name: str, argument: str) -> D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT:
    """A D3D12 short layout name (ROW_MAJOR, COLUMN_MAJOR, MUL_OPTIMAL, OUTER_PRODUCT_OPTIMAL)."""
    return _parse(LAYOUT, name, argument, "a matrix layout")


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

    def describe(self) -> str:
        stride = f", stride {self.stride}" if self.layout in STRIDED else ""
        return f"{self.rows} x {self.cols} {self.data_type.name} {self.layout.name}{stride}"


def tight_stride(rows: int, cols: int, data_type: int, layout: int, multiple: int) -> int:
    length = cols if layout == LAYOUT.ROW_MAJOR else rows
    return align_up(length * type_info(ComponentType(int(data_type))).size_bytes, multiple)


def load_source(path: Path, rows: int | None, cols: int | None, data_type: D3D12_LINEAR_ALGEBRA_DATATYPE,
                layout: D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT, stride: int | None) -> tuple[np.ndarray, MatrixSpec]:
    """The source bytes in `layout`, and their description."""
    if path.suffix == ".npy":
        matrix = np.load(path, allow_pickle=False)
        expected = element_dtype(ComponentType(int(data_type)))
        if matrix.ndim != 2:
            raise InvalidArgumentError(f"{path} holds an array of shape {matrix.shape}; a matrix needs 2 dimensions")
        if matrix.dtype != expected:
            raise InvalidArgumentError(f"{path} holds {matrix.dtype} values but --from-type {data_type.name} "
                                       f"is stored as {expected}")
        if (rows, cols) != (None, None) and (rows, cols) != matrix.shape:
            raise InvalidArgumentError(f"--rows/--cols {rows} x {cols} disagree with the array's shape {matrix.shape}")
        if layout not in STRIDED:
            raise InvalidArgumentError(f"a .npy file holds the logical matrix, so --from-layout must be ROW_MAJOR "
                                       f"or COLUMN_MAJOR, not {layout.name}; use a raw .bin for optimal bytes")
        rows, cols = matrix.shape
        ordered = matrix if layout == LAYOUT.ROW_MAJOR else matrix.T
        tight = tight_stride(rows, cols, data_type, layout, 1)
        if stride not in (None, tight):
            raise InvalidArgumentError(f"--stride {stride} does not fit a .npy source, whose rows are packed "
                                       f"({tight} bytes)")
        return np.ascontiguousarray(ordered).view(np.uint8).reshape(-1), MatrixSpec(rows, cols, data_type, layout, tight)
    if rows is None or cols is None:
        raise InvalidArgumentError(f"a raw file ({path.name}) needs --rows and --cols")
    data = np.fromfile(path, dtype=np.uint8)
    if layout in STRIDED and stride is None:
        stride = tight_stride(rows, cols, data_type, layout, 1)
    return data, MatrixSpec(rows, cols, data_type, layout, stride or 0)


def _convert(gpu: GpuContext, source: np.ndarray, src: MatrixSpec, dst: MatrixSpec) -> np.ndarray:
    """One ConvertLinearAlgebraMatrix on the device; returns the DestSize bytes."""
    upload = gpu.upload_buffer(source, name="source")
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
        DestInfo=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(
            DestLayout=dst.layout, DestStride=dst.stride, NumRows=dst.rows, NumColumns=dst.cols,
            DestDataType=dst.data_type),
        SrcInfo=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO(
            SrcSize=source.size, SrcDataType=src.data_type, SrcLayout=src.layout, SrcStride=src.stride),
        DataDesc=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA(SrcVA=upload.GetGPUVirtualAddress()))
    gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)
    size = info.DestInfo.DestSize
    destination = gpu.create_buffer(size, uav=True, name="destination")
    info.DataDesc.DestVA = destination.GetGPUVirtualAddress()
    gpu.list.ConvertLinearAlgebraMatrix([info], 1)
    gpu.execute_and_wait()
    return gpu.read_back(destination, size)


@dataclass(frozen=True)
class QuantisationStats:
    max_abs_error: float   # over elements finite before and after
    max_rel_error: float   # the same, over nonzero inputs (a tiny weight flushed to 0 counts 1)
    saturated: int         # finite inputs past the type's range that became its largest value
    overflowed: int        # finite inputs that became NaN or an infinity (non-saturating FP8)
    nan: int               # NaN results, of which `nan_in_input` were NaN already
    nan_in_input: int
    subnormal: int


def quantisation_stats(original: np.ndarray, converted: np.ndarray, data_type: ComponentType) -> QuantisationStats:
    """Errors of `converted` (the destination's values, widened exactly) against `original`."""
    x, y = original.astype(np.float64), converted.astype(np.float64)
    finite = np.isfinite(x) & np.isfinite(y)
    error = np.abs(y - x)[finite]
    nonzero = finite & (x != 0)
    relative = np.abs(y - x)[nonzero] / np.abs(x[nonzero])
    info = type_info(data_type)
    if info.is_float:
        limits = ml_dtypes.finfo(info.dtype)
        largest, tiny = float(limits.max), float(limits.smallest_normal)
        saturated = int(np.sum((np.abs(y) == largest) & (np.abs(x) > largest)))
        subnormal = int(np.sum((y != 0) & (np.abs(y) < tiny)))
    else:
        lo, hi = np.iinfo(info.dtype).min, np.iinfo(info.dtype).max
        saturated = int(np.sum(((y == hi) & (x > hi)) | ((y == lo) & (x < lo))))
        subnormal = 0
    overflowed = int(np.sum(np.isfinite(x) & ~np.isfinite(y)))
    return QuantisationStats(float(error.max(initial=0.0)), float(relative.max(initial=0.0)), saturated,
                             overflowed, int(np.sum(np.isnan(y))), int(np.sum(np.isnan(x))), subnormal)


def run_convert(input_path: str, rows: int | None, cols: int | None, from_type: str, from_layout: str,
                to_type: str, to_layout: str, stride: int | None, dest_stride: int | None, profile: str,
                out: str | None) -> int:
    path = Path(input_path)
    if not path.is_file():
        raise InvalidArgumentError(f"input file {path} does not exist")
    src_type, dst_type = parse_type(from_type, "--from-type"), parse_type(to_type, "--to-type")
    src_layout, dst_layout = parse_layout(from_layout, "--from-layout"), parse_layout(to_layout, "--to-layout")
    source, src = load_source(path, rows, cols, src_type, src_layout, stride)
    if dst_layout in STRIDED and dest_stride is None:
        dest_stride = tight_stride(src.rows, src.cols, dst_type, dst_layout, 16)
    dst = MatrixSpec(src.rows, src.cols, dst_type, dst_layout, dest_stride or 0)
    gpu = GpuContext(profile, debug=True)
    destination = _convert(gpu, source, src, dst)
    # Round trip: source and destination each converted to one readable form on the device
    # (FLOAT32 row-major, or the integer type itself), then compared element by element.
    readable_type = src_type if not type_info(src.component).is_float else D3D12_LINEAR_ALGEBRA_DATATYPE.FLOAT32
    back_spec = MatrixSpec(src.rows, src.cols, readable_type, LAYOUT.ROW_MAJOR,
                           tight_stride(src.rows, src.cols, readable_type, LAYOUT.ROW_MAJOR, 16))
    values, reference = (decode_strided(_convert(gpu, raw, spec, back_spec), src.rows, src.cols,
                                        back_spec.component, MatrixLayout.RowMajor, back_spec.stride)
                         for raw, spec in ((destination, dst), (source, src)))
    print(f"profile {gpu.device.profile.name}: {src.describe()} ({source.size} bytes) -> {dst.describe()}")
    print(f"DestSize {destination.size} bytes" + (f", DestStride {dst.stride}" if dst_layout in STRIDED else ""))
    stats = quantisation_stats(reference, values, dst.component)
    print(f"quantisation: max abs error {stats.max_abs_error:.6g}, max rel error {stats.max_rel_error:.6g} "
          f"(finite elements), saturated {stats.saturated}, overflowed to NaN/Inf {stats.overflowed}, "
          f"NaN {stats.nan} ({stats.nan_in_input} NaN in the input), subnormal {stats.subnormal}")
    verdict, ok = round_trip_verdict(reference, values, same_type=src_type == dst_type)
    print(f"round trip through {back_spec.describe()}: {verdict}")
    if out:
        _write(Path(out), destination, dst)
        print(f"wrote {out}")
    return 0 if ok else 1


def round_trip_verdict(reference: np.ndarray, values: np.ndarray, same_type: bool) -> tuple[str, bool]:
    """A same-type conversion must give back every element; a type change is judged by the stats."""
    if not same_type:
        return "values read back through the device (type changed: see the quantisation line)", True
    if np.array_equal(reference.view(np.uint8), values.view(np.uint8)):
        return "bit-exact", True
    if reference.dtype.kind == "f" and np.array_equal(reference, values, equal_nan=True):
        return "equal values; signs of zero or NaN payloads differ (this profile's storage)", True
    return f"MISMATCH in {int(np.sum(reference != values))} elements", False


def _write(path: Path, destination: np.ndarray, dst: MatrixSpec) -> None:
    """Raw destination bytes; a .npy gets the logical matrix when the destination is tightly strided."""
    if path.suffix != ".npy":
        destination.tofile(path)
        return
    tight = tight_stride(dst.rows, dst.cols, dst.data_type, dst.layout, 1) if dst.layout in STRIDED else None
    if tight is not None and tight == dst.stride:
        count = dst.rows * dst.cols
        elements = destination[: count * element_dtype(dst.component).itemsize].view(element_dtype(dst.component))
        shape = (dst.rows, dst.cols) if dst.layout == LAYOUT.ROW_MAJOR else (dst.cols, dst.rows)
        matrix = elements.reshape(shape)
        np.save(path, matrix if dst.layout == LAYOUT.ROW_MAJOR else matrix.T)
    else:
        np.save(path, destination)

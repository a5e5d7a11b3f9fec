"""`dxlinalg convert`: offline weight conversion through the same path as ConvertLinearAlgebraMatrix.

The input is a `.npy` holding the logical rows x cols matrix (never pickled objects) or a raw
file holding bytes already in `--from-layout` (convert_source checks either whole before reading
it). The conversion runs on a mock D3D12 device of the chosen profile with the debug layer on, so
every rule of the real API applies; the result is converted back on the device to a row-major
form of its own type to verify the round trip and measure the quantisation error.

Memory stays a small multiple of the input: the file is read straight into the UPLOAD buffer,
the destination is converted back on the device without a round trip through the host, results
are read from mapped READBACK buffers without copies, statistics work a block of rows at a time,
and outputs are written from those buffers into temporary files renamed into place at the end.
"""

from __future__ import annotations

import hashlib
from contextlib import ExitStack
from enum import IntEnum
from pathlib import Path
from typing import Any

import numpy as np

from d3d12api import (
    D3D12_HEAP_TYPE_READBACK,
    D3D12_HEAP_TYPE_UPLOAD,
    D3D12_LINEAR_ALGEBRA_DATATYPE,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT,
    ID3D12Resource,
)
from d3d12api.conversion import allowed_matrix_types
from dxlinalg.commands.atomic_output import AtomicOutput, output_error
from dxlinalg.commands.convert_source import LAYOUT, MatrixSpec, SourceFile, inspect_source, tight_stride, vector_length
from dxlinalg.commands.error_stats import quantisation_stats, round_trip_verdict
from dxlinalg.commands.sidecar import MatrixSidecar, sidecar_path
from dxlinalg.errors import DxLinalgError, InvalidArgumentError
from dxlinalg.numerics.codecs import element_dtype
from dxlinalg.numerics.component_types import ComponentType, parse_component_type, type_info
from dxlinalg.samples.host_helpers import GpuContext

DATATYPE = D3D12_LINEAR_ALGEBRA_DATATYPE


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


def matrix_view(raw: np.ndarray, spec: MatrixSpec, dtype: np.dtype | None = None) -> np.ndarray:
    """The (rows, cols) elements of strided bytes, as a view (no copy; FP8 dtypes included)."""
    dtype = dtype or element_dtype(spec.component)
    steps = (spec.stride, dtype.itemsize) if spec.layout == LAYOUT.ROW_MAJOR else (dtype.itemsize, spec.stride)
    return np.ndarray((spec.rows, spec.cols), dtype, buffer=raw, strides=steps)


def readable_type(data_type: D3D12_LINEAR_ALGEBRA_DATATYPE, allowed: frozenset[ComponentType]) -> DATATYPE:
    """The type a matrix is read back in: its own, except FP8 (no row-major FP8), which FLOAT16 holds exactly."""
    if not type_info(ComponentType(int(data_type))).is_fp8:
        return data_type
    return DATATYPE.FLOAT16 if ComponentType.F16 in allowed else DATATYPE.FLOAT32


class DeviceSteps:
    """The D3D12 calls convert makes, each executed and waited for before the next one."""

    def __init__(self, profile: str) -> None:
        self.gpu = GpuContext(profile, debug=True)
        self.profile = self.gpu.device.profile

    def upload(self, source: SourceFile) -> tuple[ID3D12Resource, np.ndarray]:
        """An UPLOAD buffer the file is read into directly; returns it and its (persistently) mapped bytes."""
        resource = self.gpu.create_buffer(source.size, D3D12_HEAP_TYPE_UPLOAD, name=f"source ({source.path.name})")
        mapped = resource.Map(0, None)[: source.size]
        source.load_into(mapped)
        return resource, mapped

    def convert(self, source: ID3D12Resource, source_size: int, src: MatrixSpec,
                dst: MatrixSpec) -> tuple[ID3D12Resource, int]:
        """One ConvertLinearAlgebraMatrix into a new UAV buffer of the queried DestSize."""
        info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
            DestInfo=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(
                DestLayout=dst.layout, DestStride=dst.stride, NumRows=dst.rows, NumColumns=dst.cols,
                DestDataType=dst.data_type),
            SrcInfo=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO(
                SrcSize=source_size, SrcDataType=src.data_type, SrcLayout=src.layout, SrcStride=src.stride),
            DataDesc=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA(SrcVA=source.GetGPUVirtualAddress()))
        self.gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)
        size = int(info.DestInfo.DestSize)
        destination = self.gpu.create_buffer(size, uav=True, name=f"destination ({dst.describe()})")
        info.DataDesc.DestVA = destination.GetGPUVirtualAddress()
        self.gpu.list.ConvertLinearAlgebraMatrix([info], 1)
        self.gpu.execute_and_wait()
        return destination, size

    def read_back(self, resource: ID3D12Resource, size: int) -> np.ndarray:
        """Copy to a READBACK buffer; its mapped bytes (a view, not a copy)."""
        readback = self.gpu.create_buffer(size, D3D12_HEAP_TYPE_READBACK, name="readback")
        self.gpu.list.CopyBufferRegion(readback, 0, resource, 0, size)
        self.gpu.execute_and_wait()
        return readback.Map(0, None)[:size]

    def readable(self, resource: ID3D12Resource, size: int, spec: MatrixSpec) -> tuple[np.ndarray, MatrixSpec]:
        """The matrix converted on the device to row-major (its own type, FP8 as FLOAT16), as a view."""
        data_type = readable_type(spec.data_type, allowed_matrix_types(self.profile))
        back = MatrixSpec(spec.rows, spec.cols, data_type, LAYOUT.ROW_MAJOR, tight_stride(spec.cols, data_type, 16))
        converted, converted_size = self.convert(resource, size, spec, back)
        return matrix_view(self.read_back(converted, converted_size), back), back


def run_convert(input_path: str, rows: int | None, cols: int | None, from_type: str, from_layout: str,
                to_type: str, to_layout: str, stride: int | None, dest_stride: int | None, profile: str,
                out: str | None, allow_missing_sidecar: bool = False) -> int:
    src_type, dst_type = parse_type(from_type, "--from-type"), parse_type(to_type, "--to-type")
    src_layout, dst_layout = parse_layout(from_layout, "--from-layout"), parse_layout(to_layout, "--to-layout")
    device = DeviceSteps(profile)
    source = inspect_source(Path(input_path), rows, cols, src_type, src_layout, stride, device.profile,
                            allow_missing_sidecar)
    src = source.spec
    if dst_layout in (LAYOUT.ROW_MAJOR, LAYOUT.COLUMN_MAJOR) and dest_stride is None:
        dest_stride = tight_stride(vector_length(src.rows, src.cols, dst_layout), dst_type, 16)
    dst = MatrixSpec(src.rows, src.cols, dst_type, dst_layout, dest_stride or 0)
    with ExitStack() as outputs:
        written = _reserve_outputs(out, dst, outputs)
        try:
            return _convert_and_report(device, source, dst, written)
        except MemoryError:
            raise DxLinalgError(f"not enough memory to convert {source.path} ({src.describe()}, {source.size} "
                                f"bytes)") from None


def _reserve_outputs(out: str | None, dst: MatrixSpec, outputs: ExitStack) -> list[AtomicOutput]:
    """The output file (and, for raw bytes, its sidecar), created now so that an unwritable path fails early."""
    if out is None:
        return []
    path = Path(out)
    if out and path.suffix == ".npy" and dst.is_optimal:
        raise output_error(path, f"a .npy holds a matrix, and {dst.layout.name} bytes are not one; write them to "
                                 f"a raw file (it gets the sidecar {sidecar_path(path.with_suffix('.bin')).name})")
    data = outputs.enter_context(AtomicOutput(out, "--out"))
    if path.suffix == ".npy":
        return [data]
    return [data, outputs.enter_context(AtomicOutput(sidecar_path(path), "the sidecar of --out"))]


def _convert_and_report(device: DeviceSteps, source: SourceFile, dst: MatrixSpec,
                        outputs: list[AtomicOutput]) -> int:
    src = source.spec
    upload, source_bytes = device.upload(source)
    destination, dest_size = device.convert(upload, source.size, src, dst)
    # Both sides read back row-major in a type that holds them exactly, then compared block by block.
    values, back = device.readable(destination, dest_size, dst)
    reference = matrix_view(source_bytes, src) if not src.is_optimal else \
        device.readable(upload, source.size, src)[0]
    print(f"profile {device.profile.name}: {src.describe()} ({source.size} bytes) -> {dst.describe()}")
    print(f"DestSize {dest_size} bytes" + (f", DestStride {dst.stride}" if not dst.is_optimal else ""))
    print(f"quantisation: {quantisation_stats(reference, values, dst.component).describe()}")
    verdict, ok = round_trip_verdict(reference, values, same_type=src.data_type == dst.data_type)
    print(f"round trip through {back.describe()}: {verdict}")
    if outputs:
        _write_outputs(outputs, device.read_back(destination, dest_size), dst, device.profile.name)
        print("wrote " + " and ".join(str(output.path) for output in outputs))
    return 0 if ok else 1


def _write_outputs(outputs: list[AtomicOutput], raw: np.ndarray, dst: MatrixSpec, profile: str) -> None:
    """The destination bytes: raw with a sidecar, or a .npy (the logical matrix when tightly strided)."""
    data = outputs[0]
    if len(outputs) == 1:
        np.lib.format.write_array(data, _npy_array(raw, dst), allow_pickle=False)
    else:
        data.write(raw)
        sidecar = MatrixSidecar(profile=profile, type=dst.data_type.name, layout=dst.layout.name, rows=dst.rows,
                                cols=dst.cols, stride=dst.stride, DestSize=raw.size,
                                sha256=hashlib.sha256(memoryview(raw)).hexdigest())
        outputs[1].write(sidecar.to_json())
    for output in outputs:
        output.commit()


def _npy_array(raw: np.ndarray, dst: MatrixSpec) -> np.ndarray:
    """The logical matrix (a view) when the destination is tightly strided, else the bytes."""
    if dst.stride != tight_stride(vector_length(dst.rows, dst.cols, dst.layout), dst.data_type, 1):
        return raw
    return matrix_view(raw, dst)

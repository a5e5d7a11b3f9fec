"""Runs the cases on a device through the D3D12 API and judges each against the oracle.

Each case builds its data on the host, records conversions and dispatches on one command list,
executes it, reads back, and compares. An exception from the device (an HRESULT failure, a debug
layer report) fails that case with the message and the suite goes on with a fresh command list.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from traceback import format_exception

import numpy as np

from dxlinalg.conformance import datatypes as dt
from dxlinalg.conformance import oracle
from dxlinalg.conformance.cases import (
    MUL_LARGE,
    MUL_SIZES,
    Case,
    DestinationSizeCase,
    LayoutRoundTripCase,
    MulCase,
    OuterProductCase,
    TypeConversionCase,
    VectorAccumulateCase,
    plan_cases,
)
from dxlinalg.conformance.data import (
    accumulate_vectors,
    bias_values,
    conversion_sweep,
    host_matrix,
    input_vectors,
    matrix_values,
    random_encodings,
    rng_for,
)
from dxlinalg.conformance.features import check_features
from dxlinalg.conformance.host import MATRIX_ALIGNMENT, VECTOR_ALIGNMENT, Session, align_up
from dxlinalg.conformance.results import FAIL, PASS, SKIP, CaseResult, DeviceReport
from dxlinalg.conformance.shaders import (
    BIAS_EVERY,
    BIASES,
    CLUSTER,
    INACTIVE_EVERY,
    MATRICES,
    MATRIX_EVERY,
    MUL_REGISTERS,
    OUTER_PRODUCT_REGISTERS,
    VECTOR_ACCUMULATE_REGISTERS,
    mul_shader,
    outer_product_shader,
    vector_accumulate_shader,
)

EXACT = "exact"
MUL_THREADS, MUL_GROUP = 32, 16  # two groups of 16 threads (DXC: NumThreads in {16, 32})
MATRIX_OFFSET = 384              # matrices start 3 x 128 bytes into their buffer: 128-byte alignment, no more
VECTOR_OFFSET = 64


Progress = Callable[[int, int, str], None]


def run_conformance(device: object, name: str = "device", quick: bool = False,
                    progress: Progress | None = None) -> DeviceReport:
    """Check one device (anything with the ID3D12Device API) against the minimum support set.

    `progress(done, total, case_name)` is called before each case and once at the end; `total` is
    the number of rows the report will have (the feature checks count, as they are cases too)."""
    start = time.perf_counter()
    report = DeviceReport(name)
    try:
        session = Session(device)
        feature_results, features = check_features(session.query_features())
        cases = plan_cases(features, quick)
    except Exception as error:  # noqa: BLE001  (a device too broken to start is a failure, not a crash)
        report.results.append(failed_by_exception("setup", "setup", error))
        report.seconds = time.perf_counter() - start
        return report
    report.results += feature_results
    total = len(feature_results) + len(cases)
    for case in cases:
        if progress is not None:
            progress(len(report.results), total, case.name)
        report.results.append(run_case(session, case))
    if progress is not None:
        progress(total, total, "")
    report.seconds = time.perf_counter() - start
    return report


def describe(error: BaseException) -> str:
    """The exception as one line: its type and its message, lines joined."""
    message = " ".join(line.strip() for line in str(error).splitlines() if line.strip())
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def failed_by_exception(name: str, group: str, error: BaseException) -> CaseResult:
    """A case the device failed by raising: one line to read, the traceback for --verbose."""
    return CaseResult(name, group, FAIL, detail=describe(error),
                      traceback="".join(format_exception(error)).rstrip("\n"))


# -- cases ------------------------------------------------------------------------------------------
def run_case(session: Session, case: Case) -> CaseResult:
    start = time.perf_counter()
    runner = RUNNERS[type(case)]
    try:
        result = runner(session, case)
    except Exception as error:  # noqa: BLE001  (the device's error is the case's result)
        result = failed_by_exception(case.name, case.group, error)
        try:
            session.recover()
        except Exception as recover_error:  # noqa: BLE001  (the next case will meet the broken list)
            result.detail += f"; a fresh command list could not be made: {describe(recover_error)}"
    try:
        session.release_case_resources()
    except Exception as error:  # noqa: BLE001  (Release failing is the device's fault too)
        if result.status == FAIL:
            result.detail += f"; releasing its buffers failed too: {describe(error)}"
        else:
            result = failed_by_exception(case.name, case.group, error)
            result.detail = f"releasing its buffers failed: {result.detail}"
    result.seconds = time.perf_counter() - start
    return result


def _stride(layout: int, rows: int, cols: int, element_size: int, extra: int = 0) -> int:
    """Row/column-major strides rounded up to 16 bytes (DXC exec test); 0 for optimal layouts."""
    if layout == dt.ROW_MAJOR:
        return align_up(cols * element_size, 16) + extra
    if layout == dt.COLUMN_MAJOR:
        return align_up(rows * element_size, 16) + extra
    return 0


def _query_size(session: Session, rows: int, cols: int, datatype: int, layout: int, stride: int) -> int:
    size = session.destination_size(rows, cols, datatype, layout, stride)
    if size <= 0 or size % 16:
        raise ConformanceError(f"GetLinearAlgebraMatrixConversionDestinationInfo gave DestSize = {size} for "
                               f"{rows}x{cols} {dt.name(datatype)} {dt.layout_name(layout)}: it must be a "
                               f"positive multiple of 16 (0029)")
    return size


class ConformanceError(Exception):
    """A check that stops a case early (its message is the case's detail)."""


def _compare(case: Case, expected: np.ndarray, got: np.ndarray, where: Callable[[tuple], str],
             tolerance: float = 0.0, relative: bool = False, limit_text: str = EXACT) -> CaseResult:
    error = oracle.cts_relative_error(expected, got) if relative else oracle.absolute_error(expected, got)
    max_error = float(error.max()) if error.size else 0.0
    bad = error > tolerance
    if not bad.any():
        return CaseResult(case.name, case.group, PASS, max_error, limit_text, f"{error.size} values")
    index = np.unravel_index(int(np.argmax(bad)), bad.shape)
    return CaseResult(case.name, case.group, FAIL, max_error, limit_text,
                      f"{int(bad.sum())} of {bad.size} values wrong; first at {where(index)}: "
                      f"got {got[index]:.9g}, expected {expected[index]:.9g}")


SENTINEL_BYTE = 0x5A  # what the output buffer holds before the dispatch (threads that skip must leave it)


def run_mul(session: Session, case: MulCase) -> CaseResult:
    c, m, k = case.combination, case.m, case.k
    rng = rng_for(case.name)
    rows, cols = (k, m) if case.transpose else (m, k)  # transposed: the stored matrix is K x M (0029)
    matrix_count, bias_count = (MATRICES, BIASES) if case.divergent else (1, 1)
    values = [matrix_values(c.matrix_interpretation, rows, cols, rng, case.random) for _ in range(matrix_count)]
    hosts = [host_matrix(c.matrix_interpretation, v) for v in values]
    source_type, host_bytes = hosts[0][0], hosts[0][1].nbytes
    x = input_vectors(c.input_type, c.input_interpretation, k, MUL_THREADS, rng, case.random)
    biases = [bias_values(c.bias_interpretation, m, rng, case.random) for _ in range(bias_count)] if case.bias else []
    stride = _stride(case.layout, rows, cols, dt.size(c.matrix_interpretation), case.stride_padding)
    dest_size = _query_size(session, rows, cols, c.matrix_interpretation, case.layout, stride)
    output_dtype = dt.NUMPY[dt.DT(c.output_type)]
    output_size = MUL_THREADS * m * output_dtype.itemsize

    # upload: host matrices | inputs | biases | output sentinel
    host_slot = align_up(host_bytes, VECTOR_ALIGNMENT)
    input_offset = matrix_count * host_slot
    bias_slot = align_up(m * dt.size(c.bias_interpretation), VECTOR_ALIGNMENT)
    bias_offset = align_up(input_offset + x.nbytes, VECTOR_ALIGNMENT)
    sentinel_offset = bias_offset + bias_count * bias_slot
    sentinel = np.full(output_size, SENTINEL_BYTE, np.uint8)
    chunks = [(i * host_slot, host) for i, (_, host) in enumerate(hosts)] + [(input_offset, x)]
    chunks += [(bias_offset + i * bias_slot, b.astype(dt.NUMPY[dt.DT(c.bias_interpretation)]))
               for i, b in enumerate(biases)]
    upload = session.upload(chunks + [(sentinel_offset, sentinel)], sentinel_offset + output_size)
    matrix_slot = align_up(dest_size, MATRIX_ALIGNMENT)
    matrix = session.buffer(MATRIX_OFFSET + matrix_count * matrix_slot)
    outputs = session.buffer(output_size)

    session.list.ConvertLinearAlgebraMatrix([session.conversion(
        (dest_size, case.layout, stride, rows, cols, c.matrix_interpretation),
        (host_bytes, source_type, dt.ROW_MAJOR, cols * hosts[0][1].itemsize),
        matrix.GetGPUVirtualAddress() + MATRIX_OFFSET + i * matrix_slot,
        upload.GetGPUVirtualAddress() + i * host_slot) for i in range(matrix_count)], matrix_count)
    session.uav_to_srv(matrix)
    session.copy_from_upload(outputs, 0, upload, sentinel_offset, output_size)
    root_signature = session.root_signature(*MUL_REGISTERS)
    key = ("mul", c, m, k, case.layout, case.transpose, case.bias, stride, case.divergent)
    pipeline = session.pipeline(key, root_signature, lambda: mul_shader(
        c, m, k, case.layout, case.transpose, case.bias, stride, MUL_GROUP, case.divergent))
    session.bind(pipeline, root_signature, [
        ("srv", upload.GetGPUVirtualAddress()), ("srv", matrix.GetGPUVirtualAddress()),
        ("srv", upload.GetGPUVirtualAddress()), ("uav", outputs.GetGPUVirtualAddress()),
        ("constants", [input_offset, MATRIX_OFFSET, bias_offset, 0, matrix_slot, bias_slot])])
    session.list.Dispatch(MUL_THREADS // MUL_GROUP, 1, 1)
    readback = session.copy_to_readback(outputs, 0, output_size)
    session.execute()
    got = oracle.as_float64(session.read(readback, output_size).view(output_dtype).reshape(MUL_THREADS, m))

    threads = np.arange(MUL_THREADS)
    matrix_index = threads // MATRIX_EVERY % MATRICES if case.divergent else np.zeros_like(threads)
    bias_index = threads // BIAS_EVERY % BIASES if case.divergent else np.zeros_like(threads)
    active = threads % INACTIVE_EVERY != 0 if case.divergent else np.ones(MUL_THREADS, bool)
    logical = oracle.interpret_input(x, c.input_type, c.input_interpretation, k)

    def expected_for(inputs: np.ndarray, input_interpretation: int) -> np.ndarray:
        expected = np.repeat(oracle.as_float64(sentinel[: m * output_dtype.itemsize].view(output_dtype))[None],
                             MUL_THREADS, axis=0)
        for t in np.flatnonzero(active):
            w = values[matrix_index[t]]
            expected[t] = oracle.matvec(w.T if case.transpose else w, inputs[t: t + 1],
                                        biases[bias_index[t]] if biases else None, input_interpretation,
                                        c.matrix_interpretation, c.output_type)[0]
        return expected

    def where(index: tuple) -> str:
        state = "" if active[index[0]] else " (an inactive thread: its output must be left alone)"
        return f"thread {index[0]}, row {index[1]}{state}"

    expected = expected_for(logical, c.input_interpretation)
    if not case.random:
        return _compare(case, expected, got, where)
    limit = oracle.cts_relative_limit(m, k)
    result = _compare(case, expected, got, where, limit, relative=True, limit_text=f"rel {limit:g} (CTS)")
    if result.status == FAIL and c.input_interpretation in dt.FP8 and c.input_type not in dt.FP8:
        # "may keep the full 16 bits" of an FP8-interpreted input (CTS retries with FP16 inputs)
        unrounded = oracle.interpret_input(x, c.input_type, c.input_type, k)
        retry = _compare(case, expected_for(unrounded, c.input_type), got, where, limit, relative=True,
                         limit_text=f"rel {limit:g} (CTS)")
        if retry.status == PASS:
            retry.detail += " (inputs kept in their 16 bits, not rounded to FP8)"
            return retry
    return result


def _read_matrix(raw: np.ndarray, datatype: int, rows: int, cols: int, stride: int) -> np.ndarray:
    """Decode a row-major readback with its stride into float64 values."""
    element = dt.NUMPY[dt.DT(datatype)]
    padded = np.zeros(rows * stride, np.uint8)
    padded[: raw.size] = raw[: rows * stride]
    return oracle.as_float64(padded.reshape(rows, stride)[:, : cols * element.itemsize].copy().view(element))


def run_layout_round_trip(session: Session, case: LayoutRoundTripCase) -> CaseResult:
    rows, cols, datatype = case.rows, case.cols, case.datatype
    values = random_encodings(datatype, rows * cols, rng_for(case.name)).reshape(rows, cols)
    element = dt.size(datatype)
    upload = session.upload([(0, values)], values.nbytes)
    stages = [(case.first, datatype, _stride(case.first, rows, cols, element)),
              (case.second, datatype, _stride(case.second, rows, cols, element, extra=16)),
              (int(dt.ROW_MAJOR), case.final_type, _stride(dt.ROW_MAJOR, rows, cols, dt.size(case.final_type)))]
    source = (values.nbytes, datatype, int(dt.ROW_MAJOR), cols * element)
    source_resource = upload
    for stage, (layout, stage_type, stride) in enumerate(stages):
        size = _query_size(session, rows, cols, stage_type, layout, stride)
        dest = session.buffer(size)
        session.list.ConvertLinearAlgebraMatrix(session.conversion(
            (size, layout, stride, rows, cols, stage_type), source,
            dest.GetGPUVirtualAddress(), source_resource.GetGPUVirtualAddress()), 1)
        if stage < len(stages) - 1:
            session.uav_to_srv(dest)  # the next conversion reads it
        source, source_resource = (size, stage_type, layout, stride), dest
    final_size, final_stride = source[0], stages[-1][2]
    readback = session.copy_to_readback(source_resource, 0, final_size)
    session.execute()
    got = _read_matrix(session.read(readback, final_size), case.final_type, rows, cols, final_stride)
    expected = oracle.as_float64(values)
    bad = ~oracle.values_match(expected, got)
    if not bad.any():
        return CaseResult(case.name, case.group, PASS, 0.0, "exact (NaN = NaN, +0 = -0)", f"{values.size} values")
    r, col = np.unravel_index(int(np.argmax(bad)), bad.shape)
    error = oracle.absolute_error(expected, got)
    return CaseResult(case.name, case.group, FAIL, float(error.max()), "exact (NaN = NaN, +0 = -0)",
                      f"{int(bad.sum())} of {values.size} elements changed; first at row {r}, column {col}: "
                      f"got {got[r, col]:.9g}, expected {expected[r, col]:.9g}")


READBACK_COLUMNS = 256


def run_type_conversion(session: Session, case: TypeConversionCase) -> CaseResult:
    values = conversion_sweep(case.source, case.dest, rng_for(case.name), case.quick)
    count = values.size
    rows = -(-count // READBACK_COLUMNS)
    matrix = np.zeros(rows * READBACK_COLUMNS, values.dtype)
    matrix[:count] = values
    matrix = matrix.reshape(rows, READBACK_COLUMNS)
    upload = session.upload([(0, matrix)], matrix.nbytes)
    stride = _stride(case.layout, rows, READBACK_COLUMNS, dt.size(case.dest))
    size = _query_size(session, rows, READBACK_COLUMNS, case.dest, case.layout, stride)
    converted = session.buffer(size)
    session.list.ConvertLinearAlgebraMatrix(session.conversion(
        (size, case.layout, stride, rows, READBACK_COLUMNS, case.dest),
        (matrix.nbytes, case.source, dt.ROW_MAJOR, READBACK_COLUMNS * matrix.itemsize),
        converted.GetGPUVirtualAddress(), upload.GetGPUVirtualAddress()), 1)
    read_type, read_size, read_stride, result = case.dest, size, stride, converted
    if case.layout != dt.ROW_MAJOR:  # opaque: read it back through a conversion to FLOAT32 row-major
        session.uav_to_srv(converted)
        read_type, read_stride = int(dt.FLOAT32), READBACK_COLUMNS * 4
        read_size = _query_size(session, rows, READBACK_COLUMNS, read_type, dt.ROW_MAJOR, read_stride)
        result = session.buffer(read_size)
        session.list.ConvertLinearAlgebraMatrix(session.conversion(
            (read_size, dt.ROW_MAJOR, read_stride, rows, READBACK_COLUMNS, read_type),
            (size, case.dest, case.layout, 0), result.GetGPUVirtualAddress(), converted.GetGPUVirtualAddress()), 1)
    readback = session.copy_to_readback(result, 0, read_size)
    session.execute()
    got = _read_matrix(session.read(readback, read_size), read_type, rows, READBACK_COLUMNS,
                       read_stride).reshape(-1)[:count]
    source = oracle.as_float64(values)
    ok = oracle.conversion_matches(source, case.dest, got)
    tolerance = "exact RNE (NaN = NaN; overflow: +-max or Inf/NaN)"
    if ok.all():
        return CaseResult(case.name, case.group, PASS, 0.0, tolerance, f"{count} values")
    bad = np.flatnonzero(~ok)
    first = bad[0]
    bits = values.view(dt.BITS.get(dt.DT(case.source), np.uint8))[first]
    with np.errstate(invalid="ignore", over="ignore"):
        error = np.abs(got - oracle.round_float(source, case.dest))  # distance from the RNE value
    error = np.where(ok, 0.0, np.where(np.isnan(error), np.inf, error))
    return CaseResult(case.name, case.group, FAIL, float(error.max()), tolerance,
                      f"{bad.size} of {count} values wrong; first: {dt.name(case.source)} {int(bits):#x} "
                      f"({source[first]:.9g}) -> got {got[first]:.9g}, expected "
                      f"{_expected_text(source[first], case.dest)}")


def _expected_text(value: float, dest: int) -> str:
    if np.isnan(value):
        return "NaN"
    threshold, inclusive = dt.overflow_threshold(dest)
    if abs(value) > threshold or (inclusive and abs(value) >= threshold):
        largest = dt.MAX_FINITE[dt.DT(dest)]
        special = "NaN" if dest == dt.E4M3 else f"{'-' if value < 0 else ''}Inf"
        return f"{'-' if value < 0 else ''}{largest:g} or {special} (overflow)"
    return f"{oracle.round_float(np.array([value]), dest)[0]:.9g} (round to nearest even)"


def run_outer_product(session: Session, case: OuterProductCase) -> CaseResult:
    rng = rng_for(case.name)
    m, n, acc = case.m, case.n, case.accumulation_type
    matrices = 2 if case.clustered else 1
    initial = [matrix_values(acc, m, n, rng) for _ in range(matrices)]
    hosts = [host_matrix(acc, values) for values in initial]
    a = accumulate_vectors(case.input_type, case.threads, m, rng)
    b = accumulate_vectors(case.input_type, case.threads, n, rng)
    size = _query_size(session, m, n, acc, dt.OUTER_PRODUCT_OPTIMAL, 0)
    slot = align_up(size, MATRIX_ALIGNMENT)
    host_slot = align_up(hosts[0][1].nbytes, VECTOR_ALIGNMENT)
    a_offset = matrices * host_slot
    b_offset = align_up(a_offset + a.nbytes, VECTOR_ALIGNMENT)
    upload = session.upload([(i * host_slot, host) for i, (_, host) in enumerate(hosts)] + [(a_offset, a), (b_offset, b)],
                            b_offset + b.nbytes)
    buffer = session.buffer(MATRIX_OFFSET + matrices * slot)
    offsets = [MATRIX_OFFSET + i * slot for i in range(matrices)]
    for i, (source_type, host) in enumerate(hosts):
        session.list.ConvertLinearAlgebraMatrix(session.conversion(
            (size, dt.OUTER_PRODUCT_OPTIMAL, 0, m, n, acc), (host.nbytes, source_type, dt.ROW_MAJOR, n * host.itemsize),
            buffer.GetGPUVirtualAddress() + offsets[i], upload.GetGPUVirtualAddress() + i * host_slot), 1)
    session.uav_barrier(buffer)
    root_signature = session.root_signature(*OUTER_PRODUCT_REGISTERS)
    key = ("outerproduct", case.input_type, acc, m, n, case.threads, case.clustered)
    pipeline = session.pipeline(key, root_signature, lambda: outer_product_shader(
        case.input_type, acc, m, n, case.threads, case.clustered))
    session.bind(pipeline, root_signature, [("srv", upload.GetGPUVirtualAddress()),
                                            ("uav", buffer.GetGPUVirtualAddress()),
                                            ("constants", [a_offset, b_offset, offsets[0], offsets[-1]])])
    session.list.Dispatch(1, 1, 1)
    session.uav_to_srv(buffer)
    read_type = int(dt.FLOAT32) if dt.is_float(acc) else acc
    read_stride = _stride(dt.ROW_MAJOR, m, n, dt.size(read_type))
    read_size = _query_size(session, m, n, read_type, dt.ROW_MAJOR, read_stride)
    result = session.buffer(matrices * align_up(read_size, MATRIX_ALIGNMENT))
    for i in range(matrices):
        session.list.ConvertLinearAlgebraMatrix(session.conversion(
            (read_size, dt.ROW_MAJOR, read_stride, m, n, read_type), (size, acc, dt.OUTER_PRODUCT_OPTIMAL, 0),
            result.GetGPUVirtualAddress() + i * align_up(read_size, MATRIX_ALIGNMENT),
            buffer.GetGPUVirtualAddress() + offsets[i]), 1)
    total = matrices * align_up(read_size, MATRIX_ALIGNMENT)
    readback = session.copy_to_readback(result, 0, total)
    session.execute()
    raw = session.read(readback, total)
    slot_bytes = align_up(read_size, MATRIX_ALIGNMENT)
    got = np.stack([_read_matrix(raw[i * slot_bytes:], read_type, m, n, read_stride) for i in range(matrices)])
    threads = np.arange(case.threads)
    cluster = (threads // CLUSTER) % 2 if case.clustered else np.zeros_like(threads)
    expected = np.stack([oracle.outer_product_accumulate(initial[i], a[cluster == i], b[cluster == i])
                         for i in range(matrices)])
    return _compare(case, expected, got, lambda index: f"matrix {index[0]}, element ({index[1]}, {index[2]})")


def run_vector_accumulate(session: Session, case: VectorAccumulateCase) -> CaseResult:
    if case.input_type != case.accumulation_type:
        return CaseResult(case.name, case.group, SKIP, tolerance=EXACT,
                          detail="DXIL vectoraccumulate has no interpretation operand: the array holds the vector's "
                                 "own type, so a (T, U) property with T != U cannot be exercised from a shader")
    rng = rng_for(case.name)
    initial = accumulate_vectors(case.accumulation_type, 1, case.count, rng)[0]
    v = accumulate_vectors(case.input_type, case.threads, case.count, rng)
    input_offset = align_up(initial.nbytes, VECTOR_ALIGNMENT)
    upload = session.upload([(0, initial), (input_offset, v)], input_offset + v.nbytes)
    array = session.buffer(VECTOR_OFFSET + align_up(initial.nbytes, 16))
    session.copy_from_upload(array, VECTOR_OFFSET, upload, 0, initial.nbytes)
    root_signature = session.root_signature(*VECTOR_ACCUMULATE_REGISTERS)
    key = ("vectoraccumulate", case.input_type, case.count, case.threads)
    pipeline = session.pipeline(key, root_signature,
                                lambda: vector_accumulate_shader(case.input_type, case.count, case.threads))
    session.bind(pipeline, root_signature, [("srv", upload.GetGPUVirtualAddress()),
                                            ("uav", array.GetGPUVirtualAddress()),
                                            ("constants", [input_offset, VECTOR_OFFSET])])
    session.list.Dispatch(1, 1, 1)
    readback = session.copy_to_readback(array, VECTOR_OFFSET, initial.nbytes)
    session.execute()
    got = session.read(readback, initial.nbytes).view(initial.dtype).astype(np.float64)
    expected = oracle.vector_accumulate(initial, v)
    return _compare(case, expected, got, lambda index: f"element {index[0]}")


def run_destination_size(session: Session, case: DestinationSizeCase) -> CaseResult:
    """DestSize: a positive multiple of 16 that holds the matrix (the span for row/column-major, at
    least one element slot per element for optimal layouts), the same on every query (0029)."""
    element = dt.size(case.datatype)
    problems, checked = [], 0
    for rows, cols in (*MUL_SIZES, MUL_LARGE, (1, 256), (256, 1)):
        stride = _stride(case.layout, rows, cols, element)
        size = session.destination_size(rows, cols, case.datatype, case.layout, stride)
        again = session.destination_size(rows, cols, case.datatype, case.layout, stride)
        if case.layout == dt.ROW_MAJOR:
            needed = (rows - 1) * stride + cols * element
        elif case.layout == dt.COLUMN_MAJOR:
            needed = (cols - 1) * stride + rows * element
        else:
            needed = rows * cols * element
        checked += 1
        if size <= 0 or size % 16 or size < needed or again != size:
            problems.append(f"{rows}x{cols}: DestSize {size} (again: {again}), needs a multiple of 16 >= {needed}")
    if problems:
        return CaseResult(case.name, case.group, FAIL, tolerance="required",
                          detail=f"{len(problems)} of {checked} shapes wrong; " + "; ".join(problems[:3]))
    return CaseResult(case.name, case.group, PASS, tolerance="required", detail=f"{checked} shapes")


RUNNERS: dict[type, Callable[[Session, Case], CaseResult]] = {
    MulCase: run_mul,
    LayoutRoundTripCase: run_layout_round_trip,
    TypeConversionCase: run_type_conversion,
    OuterProductCase: run_outer_product,
    VectorAccumulateCase: run_vector_accumulate,
    DestinationSizeCase: run_destination_size,
}

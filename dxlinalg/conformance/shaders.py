"""The compute shaders the suite dispatches, written with `dx::linalg` (dxlinalg.hlsl).

Each factory is one HLSL source compiled with a set of #defines (types, M, K, layout, transpose):
the template arguments of MatrixRef and Mul<OutT> must be compile-time constants. The HLSL each
stands for is in its docstring.
"""

from __future__ import annotations

from dxlinalg.conformance import datatypes as dt
from dxlinalg.conformance.cases import MulCombination
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    DataType,
    MakeInterpretedVector,
    MatrixLayout,
    MatrixRef,
    Mul,
    MulAdd,
    OuterProductAccumulate,
    RootConstants,
    RWByteAddressBuffer,
    RWMatrixRef,
    SV_DispatchThreadID,
    VectorAccumulate,
    VectorRef,
    compute_shader,
    float16_t,
    float32_t,
    if_,
    int8_t4_packed,
    int16_t,
    int32_t,
    select,
    uint8_t4_packed,
    uint16_t,
    uint32_t,
    vector,
)

#: The HLSL type a vector of each D3D12 datatype has in registers (inputs, outputs, accumulate vectors).
PHYSICAL = {
    dt.FLOAT16: float16_t, dt.FLOAT32: float32_t, dt.SINT16: int16_t, dt.UINT16: uint16_t,
    dt.SINT32: int32_t, dt.UINT32: uint32_t, dt.SINT8_PACKED: int8_t4_packed, dt.UINT8_PACKED: uint8_t4_packed,
}
#: D3D12 datatype -> dx::linalg DataType, by name (the two enums' values differ in the shipped headers).
_HLSL_NAMES = {dt.E4M3: "FLOAT8_E4M3", dt.E5M2: "FLOAT8_E5M2"}


def hlsl_data_type(datatype: int) -> DataType:
    d3d = dt.DT(datatype)
    return DataType[f"DATA_TYPE_{_HLSL_NAMES.get(d3d, d3d.name)}"]


def hlsl_layout(layout: int) -> MatrixLayout:
    return MatrixLayout[f"MATRIX_LAYOUT_{dt.LAYOUT(layout).name}"]


def input_components(interpretation: int, k: int) -> int:
    """NUMi: ceil(K/4) words for packed interpretations, else K (0029)."""
    return -(-k // 4) if interpretation in dt.PACKED else k


MUL_REGISTERS = ("t0", "t1", "t2", "u0", "b0:6")
MATRIX_EVERY, MATRICES = 5, 3  # divergent: a new matrix every 5 threads, cycling through 3 (CTS)
BIAS_EVERY, BIASES = 6, 2      # and a new bias every 6 threads, cycling through 2
INACTIVE_EVERY = 3             # threads 0, 3, 6, ... skip the multiply


def mul_shader(combination: MulCombination, m: int, k: int, layout: int, transpose: bool, bias: bool,
               stride: int, threads: int, divergent: bool = False):
    """
        ByteAddressBuffer inputs : register(t0); ByteAddressBuffer matrix : register(t1);
        ByteAddressBuffer biases : register(t2); RWByteAddressBuffer outputs : register(u0);
        uint offsets[6] : register(b0);  // input, matrix, bias, output offsets; matrix, bias strides
        [numthreads(THREADS, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
            vector<INPUT_T, NUMI> x = inputs.Load<vector<INPUT_T, NUMI> >(offsets[0] + dtid.x * sizeof(x));
            uint matrixOffset = offsets[1], biasOffset = offsets[2];
        #if DIVERGENT
            matrixOffset += (dtid.x / 5 % 3) * offsets[4]; biasOffset += (dtid.x / 6 % 2) * offsets[5];
            if (dtid.x % 3 != 0)
        #endif
            {
                MatrixRef<MATRIX_DT, M, K, LAYOUT, TRANSPOSE> W = {matrix, matrixOffset, STRIDE};
                vector<OUTPUT_T, M> y = MulAdd<OUTPUT_T>(W, MakeInterpretedVector<INPUT_DT>(x),
                                                         VectorRef<BIAS_DT>{biases, biasOffset});  // or Mul
                outputs.Store(offsets[3] + dtid.x * sizeof(y), y);
            }
        }
    """
    input_t, output_t = PHYSICAL[dt.DT(combination.input_type)], PHYSICAL[dt.DT(combination.output_type)]
    numi = input_components(combination.input_interpretation, k)
    input_bytes, output_bytes = numi * input_t.size, m * output_t.size
    matrix_dt, input_dt = hlsl_data_type(combination.matrix_interpretation), hlsl_data_type(combination.input_interpretation)
    bias_dt, matrix_layout = hlsl_data_type(combination.bias_interpretation), hlsl_layout(layout)

    @compute_shader(numthreads=(threads, 1, 1))
    def conformance_mul(inputs=ByteAddressBuffer("t0"), matrix=ByteAddressBuffer("t1"),
                        biases=ByteAddressBuffer("t2"), outputs=RWByteAddressBuffer("u0"),
                        offsets=RootConstants("b0", 6)):
        tid = SV_DispatchThreadID()[:, 0]
        x = inputs.Load[vector[input_t, numi]](offsets[0] + tid * input_bytes)
        matrix_offset, bias_offset = offsets[1], offsets[2]
        active = tid >= 0
        if divergent:
            matrix_offset = matrix_offset + (tid // MATRIX_EVERY % MATRICES) * offsets[4]
            bias_offset = bias_offset + (tid // BIAS_EVERY % BIASES) * offsets[5]
            active = tid % INACTIVE_EVERY != 0
        with if_(active):
            weights = MatrixRef[matrix_dt, m, k, matrix_layout, transpose](matrix, matrix_offset, stride)
            if bias:
                y = MulAdd[output_t](weights, MakeInterpretedVector[input_dt](x),
                                     VectorRef[bias_dt](biases, bias_offset))
            else:
                y = Mul[output_t](weights, MakeInterpretedVector[input_dt](x))
            outputs.Store(offsets[3] + tid * output_bytes, y)

    return conformance_mul


OUTER_PRODUCT_REGISTERS = ("t0", "u0", "b0:4")
CLUSTER = 8  # clustered addressing: threads 0-7 use matrix A, 8-15 matrix B, 16-23 A, ...


def outer_product_shader(input_type: int, accumulation_type: int, m: int, n: int, threads: int, clustered: bool):
    """
        [numthreads(THREADS, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
            vector<T, M> a = inputs.Load<vector<T, M> >(offsets.x + dtid.x * sizeof(a));
            vector<T, N> b = inputs.Load<vector<T, N> >(offsets.y + dtid.x * sizeof(b));
            uint offset = CLUSTERED && (dtid.x / 8) % 2 ? offsets.w : offsets.z;
            RWMatrixRef<ACC_DT, M, N, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL> acc = {matrix, offset, 0};
            OuterProductAccumulate(a, b, acc);
        }
    """
    input_t = PHYSICAL[dt.DT(input_type)]
    accumulation_dt = hlsl_data_type(accumulation_type)
    outer_optimal = hlsl_layout(dt.OUTER_PRODUCT_OPTIMAL)

    @compute_shader(numthreads=(threads, 1, 1))
    def conformance_outer_product(inputs=ByteAddressBuffer("t0"), matrix=RWByteAddressBuffer("u0"),
                                  offsets=RootConstants("b0", 4)):
        tid = SV_DispatchThreadID()[:, 0]
        a = inputs.Load[vector[input_t, m]](offsets[0] + tid * (m * input_t.size))
        b = inputs.Load[vector[input_t, n]](offsets[1] + tid * (n * input_t.size))
        offset = select((tid // CLUSTER) % 2 == 1, offsets[3], offsets[2]) if clustered else offsets[2]
        OuterProductAccumulate(a, b, RWMatrixRef[accumulation_dt, m, n, outer_optimal](matrix, offset, 0))

    return conformance_outer_product


VECTOR_ACCUMULATE_REGISTERS = ("t0", "u0", "b0:2")


def vector_accumulate_shader(input_type: int, count: int, threads: int):
    """
        [numthreads(THREADS, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
            vector<T, N> v = inputs.Load<vector<T, N> >(offsets.x + dtid.x * sizeof(v));
            VectorAccumulate(v, array, offsets.y);
        }
    """
    input_t = PHYSICAL[dt.DT(input_type)]

    @compute_shader(numthreads=(threads, 1, 1))
    def conformance_vector_accumulate(inputs=ByteAddressBuffer("t0"), array=RWByteAddressBuffer("u0"),
                                      offsets=RootConstants("b0", 2)):
        tid = SV_DispatchThreadID()[:, 0]
        VectorAccumulate(inputs.Load[vector[input_t, count]](offsets[0] + tid * (count * input_t.size)),
                         array, offsets[1])

    return conformance_vector_accumulate

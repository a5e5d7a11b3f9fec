"""The matrix-vector probe's module variants and the MLP trace layout (standard library only, so
build_shaders.py runs under the compiler's Python and probe.py under dxlinalg's).

A variant is one (input type, input interpretation, matrix interpretation, bias interpretation,
result type, M, K, transpose) that the driver lists in vkGetPhysicalDeviceCooperativeVectorPropertiesNV
(`tests/data/nvidia_h100_spirv/run_log.txt` has the list), except those marked `listed=False`: they
ask the driver for something it does not list, to see what it does.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scalar:
    """A shader component type: its GLSL spelling, bytes and numpy dtype name."""

    glsl: str
    size: int
    numpy: str


@dataclass(frozen=True)
class Interpretation:
    """A SPIR-V Component Type operand: GLSL constant, Vulkan value, bytes per element in a matrix."""

    glsl: str
    vulkan: int
    size: int


F16, F32, I32, U32, I8, U8 = (Scalar("float16_t", 2, "float16"), Scalar("float", 4, "float32"),
                              Scalar("int32_t", 4, "int32"), Scalar("uint32_t", 4, "uint32"),
                              Scalar("int8_t", 1, "int8"), Scalar("uint8_t", 1, "uint8"))
I_F16 = Interpretation("gl_ComponentTypeFloat16NV", 0, 2)
I_F32 = Interpretation("gl_ComponentTypeFloat32NV", 1, 4)
I_S8 = Interpretation("gl_ComponentTypeSignedInt8NV", 3, 1)
I_S32 = Interpretation("gl_ComponentTypeSignedInt32NV", 5, 4)
I_U8 = Interpretation("gl_ComponentTypeUnsignedInt8NV", 7, 1)
I_S8P = Interpretation("gl_ComponentTypeSignedInt8PackedNV", 1000491000, 1)
I_U8P = Interpretation("gl_ComponentTypeUnsignedInt8PackedNV", 1000491001, 1)
I_E4M3 = Interpretation("gl_ComponentTypeFloatE4M3NV", 1000491002, 1)
I_E5M2 = Interpretation("gl_ComponentTypeFloatE5M2NV", 1000491003, 1)
PACKED = (I_S8P, I_U8P)
LANES = 32          # one workgroup = one case = one H100 wave


def _round16(n: int) -> int:
    return -(-n // 16) * 16


@dataclass(frozen=True)
class Variant:
    """One compiled module of matvec_probe.comp."""

    name: str
    input: Scalar
    input_interpretation: Interpretation
    matrix: Interpretation
    bias: Interpretation | None
    output: Scalar
    m: int
    k: int
    transpose: bool = False
    listed: bool = True
    paired: bool = False       # odd lanes use case c ^ 1's matrix and bias

    @property
    def input_components(self) -> int:
        return self.k // 4 if self.input_interpretation in PACKED else self.k

    @property
    def input_stride(self) -> int:
        return _round16(self.input_components * self.input.size)

    @property
    def output_stride(self) -> int:
        return _round16(self.m * self.output.size)

    @property
    def is_float(self) -> bool:
        return self.matrix in (I_F16, I_E4M3, I_E5M2)


def _float(name: str, m: int, k: int, bias: bool = True, matrix: Interpretation = I_F16, transpose: bool = False,
           output: Scalar = F16, listed: bool = True) -> Variant:
    return Variant(name, F16, matrix, matrix, I_F16 if bias else None, output, m, k, transpose, listed)


def _int(name: str, physical: Scalar, interpretation: Interpretation, matrix: Interpretation, k: int,
         m: int = 16) -> Variant:
    return Variant(name, physical, interpretation, matrix, I_S32, I32, m, k)


VARIANTS = [
    # FP16: the accumulation model (bias or not, K from 8 to 128, the MLP's shapes, a transpose)
    _float("mv_f16_m16_k16", 16, 16, bias=False),
    _float("mv_f16_m16_k16_b", 16, 16),
    _float("mv_f16_m16_k8_b", 16, 8),
    _float("mv_f16_m16_k24_b", 16, 24),
    _float("mv_f16_m16_k32_b", 16, 32),
    _float("mv_f16_m16_k64", 16, 64, bias=False),
    _float("mv_f16_m16_k64_b", 16, 64),
    _float("mv_f16_m16_k128_b", 16, 128),
    _float("mv_f16_m64_k64_b", 64, 64),
    _float("mv_f16_m3_k64_b", 3, 64),
    _float("mv_f16_m16_k32_bt", 16, 32, transpose=True),
    _float("mv_f16_f32out_m16_k32_b", 16, 32, output=F32, listed=False),
    # FP8: input conversion (identity matrices) and sums
    _float("mv_e4m3_m16_k16_b", 16, 16, matrix=I_E4M3),
    _float("mv_e4m3_m16_k64_b", 16, 64, matrix=I_E4M3),
    _float("mv_e5m2_m16_k16_b", 16, 16, matrix=I_E5M2),
    _float("mv_e5m2_m16_k64_b", 16, 64, matrix=I_E5M2),
    # int8: input conversions (identity matrices), exact sums, int32 wrap-around
    _int("mv_s8_s8_m16_k32", I8, I_S8, I_S8, 32),
    _int("mv_i32_s8_m16_k16", I32, I_S8, I_S8, 16),
    _int("mv_f32_s8_m16_k16", F32, I_S8, I_S8, 16),
    _int("mv_i32_u8_m16_k16", I32, I_U8, I_S8, 16),
    _int("mv_p8_s8_m16_k64", U32, I_S8P, I_S8, 64),
    _int("mv_u8_u8_m16_k32", U8, I_U8, I_U8, 32),
    _int("mv_pu8_u8_m16_k32", U32, I_U8P, I_U8, 32),
    _int("mv_s8_u8_m16_k32", I8, I_S8, I_U8, 32),
    _int("mv_p8_s8_m64_k64", U32, I_S8P, I_S8, 64, m=64),
    # second device run (batch 2): long K
    _float("mv_f16_m16_k256_b", 16, 256),
    _float("mv_f16_m16_k512_b", 16, 512),
    Variant("mv_f16_m16_k32_b_paired", F16, I_F16, I_F16, I_F16, F16, 16, 32, paired=True),
]
VARIANT_BY_NAME = {v.name: v for v in VARIANTS}

# Where mlp_trace_*.spv store each pixel's intermediates in binding 3 (byte offsets in a record of
# `stride` bytes at stride * pixel). float variants: features (16 float32), x0 (16 float16, the
# first layer's input), x1..x3 (64 float16, each hidden layer's MatMulAdd result before ReLU),
# y (3 float16). int8: features, p0..p3 (packed int8 inputs of each layer, 4 or 16 uint32),
# a1..a4 (int32 MatMulAdd results, 64, 64, 64, 3).
TRACE_LAYOUT = {
    "float": {"features": 0, "x0": 64, "x1": 96, "x2": 224, "x3": 352, "y": 480, "stride": 496},
    "int8": {"features": 0, "p0": 64, "a1": 80, "p1": 336, "a2": 400, "p2": 656, "a3": 720, "p3": 976,
             "a4": 1040, "stride": 1056},
}

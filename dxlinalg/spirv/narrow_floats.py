"""bfloat16 (SPV_KHR_bfloat16) and float8 E4M3/E5M2 (SPV_EXT_float8) in the SPIR-V executor.

Both extensions add an FP Encoding operand to OpTypeFloat and allow values of these types in few
instructions only: constants, memory, function, conversion and composite instructions, OpSelect,
OpPhi, OpReturnValue and cooperative-matrix MulAdd (and, for bfloat16, OpDot with
BFloat16DotProductKHR and OpCooperativeMatrixLengthKHR). There is no arithmetic on them: shaders
convert to float32, compute and convert back (as Slang's bfloat16 tests compile). The rule is one
instruction check here (`check_narrow_float_use`); the values themselves are ml_dtypes arrays, so
loads, stores, composites and selects work as for float16.

Conversions follow the extensions (`dxlinalg.spirv.ops.conversion`): bfloat16 goes through
binary32 (exact when widening; when narrowing rounded as the profile's shader.bfloat16_rounding says,
which the extension leaves to the client API: nearest even, or toward zero as NVIDIA's H200 was
measured to do, docs/hardware-nvidia-h100-spirv.md); a
conversion to float8 rounds to nearest even and turns an out-of-range value or infinity into NaN
(E4M3) or a signed infinity (E5M2), or, decorated SaturatedToLargestFloat8NormalConversionEXT, into
the largest finite value of that sign.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.coopmat.element_types import convert_integers_to_float
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.float_conversion import FloatConversionSettings, Fp8Overflow, round_to_float
from dxlinalg.spirv.compiler import INSTRUCTION_CHECKS, InstructionContext
from dxlinalg.spirv.enums import Capability
from dxlinalg.spirv.errors import Location, SpirvUnsupportedError, SpirvValidationError, at
from dxlinalg.spirv.reader import Instruction
from dxlinalg.spirv.types import (
    FP_ENCODINGS,
    ArrayType,
    FloatType,
    PointerType,
    RuntimeArrayType,
    SpvType,
    StructType,
    VectorType,
)

BFLOAT16_KHR = 0
FLOAT8_E4M3_EXT = 4214
FLOAT8_E5M2_EXT = 4215
#: FP Encoding -> (capability, extension) a module declares to use it.
ENCODING_DECLARATIONS: dict[int, tuple[int, str]] = {
    BFLOAT16_KHR: (Capability.BFloat16TypeKHR, "SPV_KHR_bfloat16"),
    FLOAT8_E4M3_EXT: (Capability.Float8EXT, "SPV_EXT_float8"),
    FLOAT8_E5M2_EXT: (Capability.Float8EXT, "SPV_EXT_float8"),
}
#: The capability a cooperative matrix of each encoding needs.
COOPERATIVE_MATRIX_CAPABILITY: dict[int, int] = {
    BFLOAT16_KHR: Capability.BFloat16CooperativeMatrixKHR,
    FLOAT8_E4M3_EXT: Capability.Float8CooperativeMatrixEXT,
    FLOAT8_E5M2_EXT: Capability.Float8CooperativeMatrixEXT,
}
EXTENSION_OF: dict[int, str] = {BFLOAT16_KHR: "SPV_KHR_bfloat16", FLOAT8_E4M3_EXT: "SPV_EXT_float8",
                                FLOAT8_E5M2_EXT: "SPV_EXT_float8"}

# The instructions both extensions' validation rules allow (constant creation, memory, function,
# conversion and composite instructions, and the few named ones), as far as this executor has them.
_CONSTANTS = ("OpConstant", "OpConstantComposite", "OpConstantNull", "OpSpecConstant", "OpSpecConstantComposite",
              "OpSpecConstantOp", "OpConstantCompositeReplicateEXT", "OpSpecConstantCompositeReplicateEXT")
_MEMORY = ("OpVariable", "OpLoad", "OpStore", "OpCopyMemory", "OpCopyMemorySized", "OpAccessChain",
           "OpInBoundsAccessChain", "OpPtrAccessChain", "OpInBoundsPtrAccessChain", "OpArrayLength",
           "OpCooperativeMatrixLoadKHR", "OpCooperativeMatrixStoreKHR", "OpCooperativeMatrixLoadTensorNV",
           "OpCooperativeMatrixStoreTensorNV")
_FUNCTION = ("OpFunction", "OpFunctionParameter", "OpFunctionCall")
_CONVERSION = ("OpConvertFToU", "OpConvertFToS", "OpConvertSToF", "OpConvertUToF", "OpFConvert", "OpBitcast",
               "OpCooperativeMatrixConvertNV")
_COMPOSITE = ("OpVectorExtractDynamic", "OpVectorInsertDynamic", "OpVectorShuffle", "OpCompositeConstruct",
              "OpCompositeExtract", "OpCompositeInsert", "OpCopyObject", "OpTranspose", "OpCopyLogical",
              "OpCompositeConstructReplicateEXT", "OpCooperativeMatrixTransposeNV")
_NAMED = ("OpSelect", "OpPhi", "OpReturnValue", "OpLifetimeStart", "OpLifetimeStop", "OpCooperativeMatrixMulAddKHR",
          "OpUndef")
ALLOWED: dict[int, frozenset[str]] = {
    BFLOAT16_KHR: frozenset(_CONSTANTS + _MEMORY + _FUNCTION + _CONVERSION + _COMPOSITE + _NAMED
                            + ("OpDot", "OpCooperativeMatrixLengthKHR")),
    FLOAT8_E4M3_EXT: frozenset(_CONSTANTS + _MEMORY + _FUNCTION + _CONVERSION + _COMPOSITE + _NAMED),
    FLOAT8_E5M2_EXT: frozenset(_CONSTANTS + _MEMORY + _FUNCTION + _CONVERSION + _COMPOSITE + _NAMED),
}


def _declared(module: Any, capability: int, extension: str, what: str) -> str | None:
    name = Capability(capability).name
    if not any(int(declared) == capability for declared, _ in module.capabilities):
        return (f"{what} needs the {name} capability ({int(capability)}), which the module does not declare "
                f"(OpCapability {name}; {extension})")
    if not any(declared == extension for declared, _ in module.extensions):
        return f"{what} needs OpExtension \"{extension}\", which the module does not declare ({name})"
    return None


def narrow_float_type(module: Any, inst: Instruction, where: Location) -> FloatType:
    """OpTypeFloat Width Encoding: bfloat16 or float8, checked against the extensions' width and capability."""
    type_id, width, encoding = inst.operands[0], inst.operands[1], inst.operands[2]
    if len(inst.operands) != 3:
        raise SpirvValidationError(at(where, f"takes a result, Width and one FP Encoding, not {len(inst.operands)} "
                                             f"operands"))
    if encoding not in ENCODING_DECLARATIONS:
        raise SpirvUnsupportedError(at(where, f"FP Encoding {encoding} is not supported (BFloat16KHR 0, "
                                              f"Float8E4M3EXT 4214 and Float8E5M2EXT 4215 are)"))
    if (encoding, width) not in FP_ENCODINGS:
        need = next(w for e, w in FP_ENCODINGS if e == encoding)
        raise SpirvValidationError(at(where, f"FP Encoding {encoding} needs Width {need}, not {width} "
                                             f"({EXTENSION_OF[encoding]}: FP Encoding)"))
    capability, extension = ENCODING_DECLARATIONS[encoding]
    missing = _declared(module, capability, extension, f"OpTypeFloat {width} with FP Encoding {encoding}")
    if missing:
        raise SpirvValidationError(at(where, missing))
    return FloatType(type_id, width, encoding)


def cooperative_matrix_component_declared(module: Any, component: SpvType, where: Location) -> None:
    """SPV_KHR_bfloat16 / SPV_EXT_float8: a cooperative matrix of these types needs its capability."""
    if isinstance(component, FloatType) and component.encoding is not None:
        encoding = component.encoding
        missing = _declared(module, COOPERATIVE_MATRIX_CAPABILITY[encoding], EXTENSION_OF[encoding],
                            f"a cooperative matrix of {component.describe()}")
        if missing:
            raise SpirvValidationError(at(where, missing + f" ({EXTENSION_OF[encoding]}: OpTypeCooperativeMatrixKHR)"))


def narrow_encoding(spv_type: SpvType | None, seen: int = 0) -> int | None:
    """The FP Encoding of a bfloat16/float8 type that `spv_type` is or includes, else None."""
    if spv_type is None or seen > 16:
        return None
    if isinstance(spv_type, FloatType):
        return spv_type.encoding
    if isinstance(spv_type, VectorType):        # cooperative matrices and vectors
        return narrow_encoding(spv_type.component, seen + 1)
    if isinstance(spv_type, (ArrayType, RuntimeArrayType)):
        return narrow_encoding(spv_type.element, seen + 1)
    if isinstance(spv_type, StructType):
        for member in spv_type.members:
            found = narrow_encoding(member, seen + 1)
            if found is not None:
                return found
        return None
    if isinstance(spv_type, PointerType):
        return None                             # pointers to these types may be used like any pointer
    column = getattr(spv_type, "column", None)
    return narrow_encoding(column, seen + 1) if column is not None else None


def check_narrow_float_use(c: InstructionContext) -> None:
    """SPV_KHR_bfloat16 / SPV_EXT_float8 universal validation rule: values of these types only in the
    allowed instructions."""
    ops = c.program.module.operands_by_index[c.inst.index]
    types = [c.result_type] + [c.program.type_of(i) for i in ops.ids]
    for spv_type in types:
        encoding = narrow_encoding(spv_type)
        if encoding is None:
            continue
        if c.opname not in ALLOWED[encoding]:
            raise c.fail(f"{c.opname} on {spv_type!r}: values of a type with FP Encoding {encoding} may only be used "
                         f"by constant, memory, function, conversion and composite instructions, OpSelect, OpPhi, "
                         f"OpReturnValue and cooperative-matrix MulAdd ({EXTENSION_OF[encoding]}: validation rules)")
        if c.opname == "OpDot":
            missing = _declared(c.program.module, Capability.BFloat16DotProductKHR, "SPV_KHR_bfloat16",
                                "OpDot on bfloat16 vectors")
            if missing:
                raise c.fail(missing)


INSTRUCTION_CHECKS.append(check_narrow_float_use)


# -- conversions ------------------------------------------------------------------------------------------
SATURATED_TO_LARGEST_FLOAT8_NORMAL = 4216
BFLOAT16 = FP_ENCODINGS[(BFLOAT16_KHR, 16)][0]
FLOAT8 = {FP_ENCODINGS[(FLOAT8_E4M3_EXT, 8)][0]: ComponentType.F8_E4M3,
          FP_ENCODINGS[(FLOAT8_E5M2_EXT, 8)][0]: ComponentType.F8_E5M2}
#: Rounding to float8 as SPV_EXT_float8 says: nearest even, overflow and infinity to NaN (E4M3) or a
#: signed infinity (E5M2), or with the saturating decoration to the largest finite value of that sign.
_FLOAT8_SETTINGS = {False: FloatConversionSettings(fp8_overflow=Fp8Overflow.NAN_OR_INF),
                    True: FloatConversionSettings(fp8_overflow=Fp8Overflow.SATURATE)}
_SOURCES = {np.dtype(np.float16): ComponentType.F16, np.dtype(np.float32): ComponentType.F32,
            np.dtype(np.float64): ComponentType.F64}


def is_narrow(dtype: np.dtype) -> bool:
    return dtype == BFLOAT16 or dtype in FLOAT8


def saturating_float8(c: InstructionContext) -> bool:
    """Whether the conversion is decorated SaturatedToLargestFloat8NormalConversionEXT."""
    return c.result is not None and c.program.module.decoration(c.result, SATURATED_TO_LARGEST_FLOAT8_NORMAL) is not None


def widen(values: np.ndarray) -> np.ndarray:
    """bfloat16 / float8 values as float32, exactly (every one of them is a float32)."""
    return values.astype(np.float32)


def to_bfloat16(values: np.ndarray, rounding: str) -> np.ndarray:
    """binary32 (or narrower) values to bfloat16: nearest even, or toward zero (the low 16 bits dropped)."""
    single = np.ascontiguousarray(values.astype(np.float32))
    if rounding == "toward_zero":
        return (single.view(np.uint32) >> np.uint32(16)).astype(np.uint16).view(BFLOAT16)
    return single.astype(BFLOAT16)


def convert_float(values: np.ndarray, dtype: np.dtype, saturate: bool, rounding: str = "nearest_even") -> np.ndarray:
    """OpFConvert where the source or the result is bfloat16 or float8.

    SPV_KHR_bfloat16: through binary32 (bfloat16 -> binary32 exact; binary32 -> bfloat16 rounded as `rounding`,
    the profile's shader.bfloat16_rounding). SPV_EXT_float8: rounded once to nearest even, out of range as
    `_FLOAT8_SETTINGS`."""
    if is_narrow(values.dtype):
        values = widen(values)
    if dtype == BFLOAT16:
        return to_bfloat16(values.astype(np.float32), rounding)
    if dtype in FLOAT8:
        return round_to_float(values, FLOAT8[dtype], _FLOAT8_SETTINGS[saturate], source=_SOURCES[values.dtype])
    return values.astype(dtype)


def convert_integer(values: np.ndarray, dtype: np.dtype, saturate: bool, rounding: str = "nearest_even") -> np.ndarray:
    """OpConvertSToF / OpConvertUToF to bfloat16 (through binary32, as SPV_KHR_bfloat16 says) or float8
    (rounded once; `values` already read with the instruction's signedness)."""
    if dtype == BFLOAT16:
        return to_bfloat16(values.astype(np.float32), rounding)
    return convert_integers_to_float(values, dtype, _FLOAT8_SETTINGS[saturate])

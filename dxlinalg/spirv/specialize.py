"""Types, constants and global variables of a module, once its specialization constants are fixed.

Array lengths and constant values may depend on specialization constants, so the global section
is read here, in order, with the values the caller chose (`spec_constants={SpecId: value}`):
OpSpecConstant* take the override or their default, OpSpecConstantOp is evaluated with the same
instruction handlers the executor uses (on one lane), and the workgroup size comes from
LocalSize, LocalSizeId or a constant decorated BuiltIn WorkgroupSize.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import numpy as np

from dxlinalg.spirv.compiler import Frame, compile_instruction
from dxlinalg.spirv.enums import BuiltIn, Decoration, ExecutionMode, StorageClass, enum_label
from dxlinalg.spirv.errors import (
    SpirvArgumentError,
    SpirvError,
    SpirvUnsupportedError,
    SpirvValidationError,
    at,
)
from dxlinalg.spirv.grammar import location, opcode_of, opname
from dxlinalg.spirv.lanes import stack
from dxlinalg.spirv.layout import Layout, LayoutBuilder, LayoutError
from dxlinalg.spirv.module import EntryPoint, Module
from dxlinalg.spirv.narrow_floats import narrow_float_type
from dxlinalg.spirv.reader import Instruction
from dxlinalg.spirv.types import (
    EXTRA_CONSTANT_PARSERS,
    EXTRA_TYPE_PARSERS,
    MAX_VALUE_ELEMENTS,
    ArrayType,
    BoolType,
    FloatType,
    FunctionType,
    IntType,
    MatrixType,
    PointerType,
    RuntimeArrayType,
    SpvType,
    StructType,
    VectorType,
    VoidType,
    element_count,
    is_array_tree,
    zero_value,
)

OP = {name: opcode_of(name) for name in (
    "OpTypeVoid", "OpTypeBool", "OpTypeInt", "OpTypeFloat", "OpTypeVector", "OpTypeMatrix", "OpTypeArray",
    "OpTypeRuntimeArray", "OpTypeStruct", "OpTypePointer", "OpTypeForwardPointer", "OpTypeFunction",
    "OpConstantTrue", "OpConstantFalse", "OpConstant", "OpConstantComposite", "OpConstantNull",
    "OpSpecConstantTrue", "OpSpecConstantFalse", "OpSpecConstant", "OpSpecConstantComposite", "OpSpecConstantOp",
    "OpUndef", "OpVariable", "OpExtInst", "OpTypeImage", "OpTypeSampler", "OpTypeSampledImage",
    "OpTypeAccelerationStructureKHR", "OpTypeRayQueryKHR", "OpTypeOpaque", "OpTypeEvent", "OpTypeDeviceEvent",
    "OpTypeReserveId", "OpTypeQueue", "OpTypePipe", "OpTypeCooperativeMatrixKHR")}
#: Type opcodes a module may declare without using (e.g. image types of other shaders).
OPAQUE_TYPES = frozenset(OP[name] for name in (
    "OpTypeImage", "OpTypeSampler", "OpTypeSampledImage", "OpTypeAccelerationStructureKHR", "OpTypeRayQueryKHR",
    "OpTypeOpaque", "OpTypeEvent", "OpTypeDeviceEvent", "OpTypeReserveId", "OpTypeQueue", "OpTypePipe",
    "OpTypeCooperativeMatrixKHR"))
SPEC_CONSTANT_OPS = frozenset(opcode_of(name) for name in (
    "OpSConvert", "OpUConvert", "OpFConvert", "OpSNegate", "OpNot", "OpIAdd", "OpISub", "OpIMul", "OpUDiv",
    "OpSDiv", "OpUMod", "OpSRem", "OpSMod", "OpShiftRightLogical", "OpShiftRightArithmetic", "OpShiftLeftLogical",
    "OpBitwiseOr", "OpBitwiseXor", "OpBitwiseAnd", "OpVectorShuffle", "OpCompositeExtract", "OpCompositeInsert",
    "OpLogicalOr", "OpLogicalAnd", "OpLogicalNot", "OpLogicalEqual", "OpLogicalNotEqual", "OpSelect", "OpIEqual",
    "OpINotEqual", "OpULessThan", "OpSLessThan", "OpUGreaterThan", "OpSGreaterThan", "OpULessThanEqual",
    "OpSLessThanEqual", "OpUGreaterThanEqual", "OpSGreaterThanEqual", "OpQuantizeToF16"))
#: Storage classes whose memory has an explicit byte layout (Offset, ArrayStride, MatrixStride).
EXPLICIT_STORAGE = frozenset({StorageClass.StorageBuffer, StorageClass.Uniform, StorageClass.PushConstant,
                              StorageClass.PhysicalStorageBuffer})


class OpaqueType(SpvType):
    """A type this executor has no values for (images, samplers, ...): an error once something uses it."""

    __slots__ = ("opcode",)

    def __init__(self, type_id: int, opcode: int) -> None:
        super().__init__(type_id)
        self.opcode = opcode

    def describe(self) -> str:
        return f"{opname(self.opcode)} %{self.name or self.id}"


@dataclass
class GlobalVariable:
    id: int
    pointer: PointerType
    storage: int
    initializer: int | None
    name: str
    inst: Instruction

    @property
    def pointee(self) -> SpvType:
        return self.pointer.pointee


class Specialization:
    """The global section read with fixed specialization constants."""

    def __init__(self, module: Module, spec_constants: Mapping[int, object] | None = None,
                 subgroup_size: int = 32) -> None:
        self.module = module
        self.subgroup_size = subgroup_size      # the scope size of Subgroup cooperative matrices (their Length)
        self.types: dict[int, SpvType] = {}
        self.value_types: dict[int, SpvType] = {}
        self.constants: dict[int, Any] = {}
        self.variables: dict[int, GlobalVariable] = {}
        self.spec_ids: dict[int, int] = {}
        self.explicit_layouts = LayoutBuilder(explicit=True)
        self.natural_layouts = LayoutBuilder(explicit=False)
        self._overrides = dict(spec_constants or {})
        self._forward: dict[int, int] = {}
        for inst in module.globals:
            try:
                self._global(inst)
            except LayoutError as error:
                raise SpirvValidationError(at(location(inst), str(error))) from None
        self._resolve_pointers()
        unknown = sorted(set(self._overrides) - set(self.spec_ids))
        if unknown:
            known = ", ".join(str(i) for i in sorted(self.spec_ids)) or "none"
            raise SpirvArgumentError(f"spec_constants: the module has no specialization constant with SpecId "
                                     f"{', '.join(map(str, unknown))} (its SpecIds: {known})")

    # -- ProgramInfo, for OpSpecConstantOp ---------------------------------------------------------
    def type_of(self, value_id: int) -> SpvType | None:
        return self.value_types.get(value_id)

    def type_by_id(self, type_id: int) -> SpvType | None:
        return self.types.get(type_id)

    def constant(self, value_id: int) -> Any:
        return self.constants.get(value_id)

    def function(self, function_id: int) -> Any:
        return None

    def pointer_layout(self, pointer_type: SpvType) -> Layout | None:
        """The byte layout of what a pointer of this type points to (None: a logical variable)."""
        if not isinstance(pointer_type, PointerType):
            return None
        if pointer_type.storage in EXPLICIT_STORAGE:
            return self.explicit_layouts.layout(pointer_type.pointee)
        if pointer_type.storage == StorageClass.Workgroup:
            return self.natural_layouts.layout(pointer_type.pointee)
        return None

    # -- reading the global section ----------------------------------------------------------------
    def _fail(self, inst: Instruction, message: str) -> SpirvValidationError:
        return SpirvValidationError(at(location(inst), message))

    def _type(self, inst: Instruction, type_id: int, what: str) -> SpvType:
        found = self.types.get(type_id)
        if found is None:
            raise self._fail(inst, f"{what} %{type_id} is not a type declared before this instruction")
        return found

    def _global(self, inst: Instruction) -> None:
        op, words = inst.opcode, inst.operands
        if op in (OP["OpTypeVoid"], OP["OpTypeBool"], OP["OpTypeInt"], OP["OpTypeFloat"], OP["OpTypeVector"],
                  OP["OpTypeMatrix"], OP["OpTypeArray"], OP["OpTypeRuntimeArray"], OP["OpTypeStruct"],
                  OP["OpTypePointer"], OP["OpTypeFunction"]) or op in OPAQUE_TYPES or op in EXTRA_TYPE_PARSERS:
            new = self._new_type(inst)
            new.name = self.module.names.get(words[0], "")
            forward = self.types.get(words[0])
            if isinstance(forward, PointerType) and isinstance(new, PointerType) and words[0] in self._forward:
                if new.storage != forward.storage:
                    raise self._fail(inst, "the pointer type's storage class differs from its OpTypeForwardPointer")
                forward.pointee_id, forward.stride = new.pointee_id, new.stride    # completes the forward declaration
                forward.name = new.name
            else:
                self.types[words[0]] = new
        elif op == OP["OpTypeForwardPointer"]:
            if len(words) != 2 or words[1] not in StorageClass._value2member_map_:
                raise self._fail(inst, "OpTypeForwardPointer takes a pointer type id and a storage class")
            self._forward[words[0]] = words[1]
            self.types.setdefault(words[0], PointerType(words[0], words[1], 0))
        elif op in (OP["OpConstantTrue"], OP["OpConstantFalse"], OP["OpSpecConstantTrue"],
                    OP["OpSpecConstantFalse"]):
            value = op in (OP["OpConstantTrue"], OP["OpSpecConstantTrue"])
            if op in (OP["OpSpecConstantTrue"], OP["OpSpecConstantFalse"]):
                value = bool(self._override(inst, words[1], value))
            self._constant(inst, BoolType, np.array([value]))
        elif op in (OP["OpConstant"], OP["OpSpecConstant"]):
            self._scalar_constant(inst, op == OP["OpSpecConstant"])
        elif op in (OP["OpConstantComposite"], OP["OpSpecConstantComposite"]):
            self._composite_constant(inst)
        elif op in (OP["OpConstantNull"], OP["OpUndef"]):
            spv_type = self._type(inst, words[0], "result type")
            self._constant(inst, SpvType, self._zero(inst, spv_type))
        elif op == OP["OpSpecConstantOp"]:
            self._spec_constant_op(inst)
        elif op in EXTRA_CONSTANT_PARSERS:
            self._constant(inst, SpvType, EXTRA_CONSTANT_PARSERS[op](self, inst))
        elif op == OP["OpVariable"]:
            self._variable(inst)
        elif op == OP["OpExtInst"]:
            return                    # non-semantic instructions (debug information) outside functions
        else:
            raise self._fail(inst, f"{opname(op)} is not allowed outside a function")

    def _new_type(self, inst: Instruction) -> SpvType:
        op, words = inst.opcode, inst.operands
        type_id = words[0]
        if op == OP["OpTypeVoid"]:
            return VoidType(type_id)
        if op == OP["OpTypeBool"]:
            return BoolType(type_id)
        if op == OP["OpTypeInt"]:
            if words[1] not in (8, 16, 32, 64) or words[2] not in (0, 1):
                raise self._fail(inst, f"OpTypeInt width {words[1]} signedness {words[2]}: widths are 8, 16, 32 "
                                       f"or 64 and signedness 0 or 1")
            return IntType(type_id, words[1], bool(words[2]))
        if op == OP["OpTypeFloat"]:
            if len(words) > 2:
                return narrow_float_type(self.module, inst, location(inst))
            if words[1] not in (16, 32, 64):
                raise self._fail(inst, f"OpTypeFloat width {words[1]}: widths are 16, 32 or 64")
            return FloatType(type_id, words[1])
        if op == OP["OpTypeVector"]:
            component = self._type(inst, words[1], "component type")
            if not isinstance(component, (BoolType, IntType, FloatType)) or not 2 <= words[2] <= 16:
                raise self._fail(inst, f"a vector has 2 to 16 components of a scalar type, not {words[2]} of "
                                       f"{component!r}")
            return VectorType(type_id, component, words[2])
        if op == OP["OpTypeMatrix"]:
            column = self._type(inst, words[1], "column type")
            if not isinstance(column, VectorType) or not isinstance(column.component, FloatType) or \
                    not 2 <= words[2] <= 4:
                raise self._fail(inst, f"a matrix has 2 to 4 columns of a float vector type, not {words[2]} of "
                                       f"{column!r}")
            return MatrixType(type_id, column, words[2])
        if op in (OP["OpTypeArray"], OP["OpTypeRuntimeArray"]):
            element = self._type(inst, words[1], "element type")
            descriptor_array = isinstance(element, StructType) and (element.block or element.buffer_block)
            if isinstance(element, (VoidType, FunctionType, RuntimeArrayType)) or \
                    (isinstance(element, StructType) and _ends_in_runtime_array(element) and not descriptor_array):
                raise self._fail(inst, f"an array cannot hold {element!r}")
            stride = self._decoration_literal(type_id, Decoration.ArrayStride)
            if op == OP["OpTypeRuntimeArray"]:
                return RuntimeArrayType(type_id, element, stride)
            length = self.constants.get(words[2])
            if not isinstance(length, np.ndarray) or length.shape != (1,) or length.dtype.kind not in "iu" or \
                    int(length[0]) < 1:
                raise self._fail(inst, f"array length %{words[2]} must be a positive integer constant")
            if int(length[0]) > MAX_VALUE_ELEMENTS:
                raise SpirvUnsupportedError(at(location(inst), f"array length {int(length[0])} exceeds this "
                                                               f"executor's limit of {MAX_VALUE_ELEMENTS}"))
            return ArrayType(type_id, element, int(length[0]), stride)
        if op == OP["OpTypeStruct"]:
            return self._struct(inst)
        if op == OP["OpTypePointer"]:
            if words[1] not in StorageClass._value2member_map_:
                raise self._fail(inst, f"{words[1]} is not a storage class")
            pointer = PointerType(type_id, words[1], words[2])
            pointer.stride = self._decoration_literal(type_id, Decoration.ArrayStride)
            return pointer
        if op == OP["OpTypeFunction"]:
            result = self._type(inst, words[1], "return type")
            parameters = [self._type(inst, p, "parameter type") for p in words[2:]]
            return FunctionType(type_id, result, parameters)
        if op in EXTRA_TYPE_PARSERS:
            return EXTRA_TYPE_PARSERS[op](self, inst)
        return OpaqueType(type_id, op)

    def _struct(self, inst: Instruction) -> StructType:
        type_id = inst.operands[0]
        members = [self._type(inst, m, "member type") for m in inst.operands[1:]]
        for index, member in enumerate(members[:-1]):
            if isinstance(member, RuntimeArrayType):
                raise self._fail(inst, f"member {index} is a runtime array; only the last member may be one")
        struct = StructType(type_id, members)
        struct.block = self.module.decoration(type_id, Decoration.Block) is not None
        struct.buffer_block = self.module.decoration(type_id, Decoration.BufferBlock) is not None
        for index, layout in enumerate(struct.layouts):
            for entry in self.module.member_decorations.get((type_id, index), ()):
                if entry.decoration == Decoration.Offset and entry.operands:
                    layout.offset = entry.operands[0]
                elif entry.decoration == Decoration.MatrixStride and entry.operands:
                    layout.matrix_stride = entry.operands[0]
                elif entry.decoration == Decoration.RowMajor:
                    layout.row_major = True
                elif entry.decoration == Decoration.BuiltIn and entry.operands:
                    layout.builtin = entry.operands[0]
        return struct

    def _decoration_literal(self, target: int, decoration: int) -> int | None:
        entry = self.module.decoration(target, decoration)
        if entry is None:
            return None
        if not entry.operands:
            raise self._fail(entry.inst, f"{enum_label(Decoration, decoration)} needs a literal operand")
        return entry.operands[0]

    def _resolve_pointers(self) -> None:
        for spv_type in self.types.values():
            if isinstance(spv_type, PointerType):
                pointee = self.types.get(spv_type.pointee_id)
                if pointee is None:
                    raise SpirvValidationError(f"{self.module.describe_id(spv_type.id)}: pointer type's pointee "
                                               f"%{spv_type.pointee_id} is not a type")
                spv_type.pointee = pointee
        for pointer_id, storage in self._forward.items():
            declared = self.types.get(pointer_id)
            if not isinstance(declared, PointerType) or declared.storage != storage:
                raise SpirvValidationError(f"OpTypeForwardPointer %{pointer_id}: no pointer type of that storage "
                                           f"class follows")

    # -- constants -----------------------------------------------------------------------------------
    def _constant(self, inst: Instruction, kind: type, value: Any) -> None:
        type_id, result = inst.operands[0], inst.operands[1]
        spv_type = self._type(inst, type_id, "result type")
        if kind is not SpvType and not isinstance(spv_type, kind):
            raise self._fail(inst, f"result type {spv_type!r} must be a {kind.__name__}")
        self.value_types[result] = spv_type
        self.constants[result] = value

    def _zero(self, inst: Instruction, spv_type: SpvType) -> Any:
        if isinstance(spv_type, (VoidType, FunctionType, RuntimeArrayType, OpaqueType)) or \
                (isinstance(spv_type, PointerType) and not spv_type.physical):
            raise SpirvUnsupportedError(at(location(inst), f"no constant value of type {spv_type!r}"))
        if element_count(spv_type) > MAX_VALUE_ELEMENTS:
            raise SpirvUnsupportedError(at(location(inst), f"a value of {element_count(spv_type)} components "
                                                           f"exceeds this executor's limit"))
        return zero_value(spv_type)

    def _scalar_words(self, inst: Instruction, spv_type: SpvType, words: tuple[int, ...]) -> np.ndarray:
        if not isinstance(spv_type, (IntType, FloatType)):
            raise self._fail(inst, f"result type {spv_type!r} must be an integer or float scalar type")
        need = 2 if spv_type.width == 64 else 1
        if len(words) != need:
            raise self._fail(inst, f"a {spv_type!r} constant has {need} value word(s), not {len(words)}")
        bits = words[0] | (words[1] << 32 if need == 2 else 0)
        unsigned = np.dtype(f"u{spv_type.dtype.itemsize}")
        return np.array([bits & ((1 << spv_type.width) - 1)], unsigned).view(spv_type.dtype)

    def _scalar_constant(self, inst: Instruction, is_spec: bool) -> None:
        spv_type = self._type(inst, inst.operands[0], "result type")
        value = self._scalar_words(inst, spv_type, inst.operands[2:])
        if is_spec:
            value = self._override_scalar(inst, spv_type, value)
        self._constant(inst, SpvType, value)

    def _override(self, inst: Instruction, result: int, default: object) -> object:
        entry = self.module.decoration(result, Decoration.SpecId)
        if entry is None or not entry.operands:
            return default
        spec_id = entry.operands[0]
        self.spec_ids[spec_id] = result
        if spec_id not in self._overrides:
            return default
        value = self._overrides[spec_id]
        if isinstance(default, bool) and not isinstance(value, (bool, np.bool_)) and value not in (0, 1):
            raise SpirvArgumentError(f"spec_constants[{spec_id}] = {value!r}: SpecId {spec_id} is a bool")
        return value

    def _override_scalar(self, inst: Instruction, spv_type: SpvType, default: np.ndarray) -> np.ndarray:
        value = self._override(inst, inst.operands[1], default)
        if value is default:
            return default
        spec_id = next(k for k, v in self.spec_ids.items() if v == inst.operands[1])
        if isinstance(spv_type, IntType):
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
                raise SpirvArgumentError(f"spec_constants[{spec_id}] = {value!r}: SpecId {spec_id} is a "
                                         f"{spv_type!r}; give an integer")
            info = np.iinfo(spv_type.dtype)
            if not info.min <= int(value) <= info.max:
                raise SpirvArgumentError(f"spec_constants[{spec_id}] = {value}: outside the range of "
                                         f"{spv_type!r} [{info.min}, {info.max}]")
            return np.array([int(value)], spv_type.dtype)
        if not isinstance(value, (int, float, np.integer, np.floating)) or isinstance(value, (bool, np.bool_)):
            raise SpirvArgumentError(f"spec_constants[{spec_id}] = {value!r}: SpecId {spec_id} is a "
                                     f"{spv_type!r}; give a number")
        return np.array([value], spv_type.dtype)  # type: ignore[attr-defined]

    def _composite_constant(self, inst: Instruction) -> None:
        spv_type = self._type(inst, inst.operands[0], "result type")
        parts_ids = inst.operands[2:]
        single = getattr(spv_type, "single_constituent", False)     # a cooperative matrix: one value for all
        if isinstance(spv_type, VectorType):
            want = [spv_type.component] * (1 if single else spv_type.count)
        elif isinstance(spv_type, MatrixType):
            want = [spv_type.column] * spv_type.columns
        elif isinstance(spv_type, ArrayType):
            want = [spv_type.element] * spv_type.length
        elif isinstance(spv_type, StructType):
            want = list(spv_type.members)
        else:
            raise self._fail(inst, f"result type {spv_type!r} is not a composite type")
        if len(parts_ids) != len(want):
            raise self._fail(inst, f"{spv_type!r} has {len(want)} constituents, not {len(parts_ids)}")
        parts = []
        for part_id, part_type in zip(parts_ids, want):
            if part_id not in self.constants:
                raise self._fail(inst, f"constituent %{part_id} is not a constant declared before this instruction")
            if self.value_types[part_id].id != part_type.id:
                raise self._fail(inst, f"constituent %{part_id} has type {self.value_types[part_id]!r}, not "
                                       f"{part_type!r}")
            parts.append(self.constants[part_id])
        if isinstance(spv_type, StructType):
            value: Any = tuple(parts)
        else:
            value = stack(parts)
        if single:
            value = np.repeat(value, spv_type.count, axis=1)  # type: ignore[union-attr]
        if isinstance(spv_type, ArrayType) and is_array_tree(spv_type) and not isinstance(value, np.ndarray):
            raise self._fail(inst, "malformed array constant")
        self._constant(inst, SpvType, value)

    def _spec_constant_op(self, inst: Instruction) -> None:
        if len(inst.operands) < 3:
            raise self._fail(inst, "OpSpecConstantOp needs an opcode operand")
        inner = inst.operands[2]
        if inner not in SPEC_CONSTANT_OPS:
            raise SpirvUnsupportedError(at(location(inst), f"OpSpecConstantOp with {opname(inner)} is not "
                                                           f"supported (allowed in shaders: arithmetic, bit, "
                                                           f"logical, comparison, conversion, composite ops)"))
        spv_type = self._type(inst, inst.operands[0], "result type")
        evaluated = Instruction(inner, (inst.operands[0], inst.operands[1], *inst.operands[3:]), inst.index, inst.word)
        self.value_types[inst.operands[1]] = spv_type
        try:
            _, compute = compile_instruction(self, evaluated)
            assert compute is not None
            frame = Frame(_Constants(self.constants, inst), np.ones(1, bool),
                          SimpleNamespace(strict=True, lanes=1))  # type: ignore[arg-type]
            with np.errstate(all="ignore"):    # as while running (see compiler)
                value = compute(frame)
        except SpirvError as error:
            del self.value_types[inst.operands[1]]
            raise type(error)(f"{location(inst)} (evaluating {opname(inner)}): {error}") from None
        self.constants[inst.operands[1]] = value

    def _variable(self, inst: Instruction) -> None:
        pointer = self._type(inst, inst.operands[0], "result type")
        if not isinstance(pointer, PointerType):
            raise self._fail(inst, f"a variable's type must be a pointer type, not {pointer!r}")
        storage = inst.operands[2]
        if storage != pointer.storage:
            raise self._fail(inst, f"storage class {enum_label(StorageClass, storage)} differs from its pointer "
                                   f"type's {enum_label(StorageClass, pointer.storage)}")
        if storage == StorageClass.Function:
            raise self._fail(inst, "Function variables are declared inside functions")
        initializer = inst.operands[3] if len(inst.operands) > 3 else None
        if initializer is not None and initializer not in self.constants:
            raise self._fail(inst, f"initializer %{initializer} must be a constant declared before the variable")
        result = inst.operands[1]
        self.value_types[result] = pointer
        self.variables[result] = GlobalVariable(result, pointer, storage, initializer,
                                                self.module.names.get(result, f"%{result}"), inst)

    # -- the entry point's workgroup size ---------------------------------------------------------
    def local_size(self, entry: EntryPoint) -> tuple[int, int, int]:
        for constant_id, value in self.constants.items():
            builtin = self.module.decoration(constant_id, Decoration.BuiltIn)
            if builtin is not None and builtin.operands and builtin.operands[0] == BuiltIn.WorkgroupSize:
                if not isinstance(value, np.ndarray) or value.shape != (1, 3) or value.dtype.kind not in "iu":
                    raise self._fail(builtin.inst, "the WorkgroupSize constant must be a 3-component integer vector")
                return _positive_size(builtin.inst, tuple(int(v) for v in value[0]))
        for inst in self.module.execution_modes.get(entry.function, []):
            mode = inst.operands[1] if len(inst.operands) > 1 else -1
            if mode == ExecutionMode.LocalSize and inst.opcode == opcode_of("OpExecutionMode"):
                if len(inst.operands) != 5:
                    raise self._fail(inst, "LocalSize takes three literals x, y, z")
                return _positive_size(inst, tuple(inst.operands[2:5]))
            if mode == ExecutionMode.LocalSizeId:
                sizes = []
                for size_id in inst.operands[2:5]:
                    value = self.constants.get(size_id)
                    if not isinstance(value, np.ndarray) or value.shape != (1,) or value.dtype.kind not in "iu":
                        raise self._fail(inst, f"LocalSizeId operand %{size_id} must be an integer constant")
                    sizes.append(int(value[0]))
                if len(sizes) != 3:
                    raise self._fail(inst, "LocalSizeId takes three constant ids x, y, z")
                return _positive_size(inst, tuple(sizes))
        raise SpirvValidationError(at(location(entry.inst), f"GLCompute entry point {entry.name!r} declares no "
                                                            f"workgroup size (LocalSize, LocalSizeId or a "
                                                            f"WorkgroupSize built-in)"))


class _Constants(dict):  # type: ignore[type-arg]
    """The constants an OpSpecConstantOp may read; anything else is an error naming the instruction."""

    def __init__(self, constants: dict[int, Any], inst: Instruction) -> None:
        super().__init__(constants)
        self.inst = inst

    def __missing__(self, key: int) -> Any:
        raise SpirvValidationError(at(location(self.inst), f"operand %{key} of OpSpecConstantOp is not a constant"))


def _positive_size(inst: Instruction, size: tuple[int, ...]) -> tuple[int, int, int]:
    if len(size) != 3 or any(n < 1 for n in size):
        raise SpirvValidationError(at(location(inst), f"workgroup size {size} must be three positive numbers"))
    return size  # type: ignore[return-value]


def _ends_in_runtime_array(struct: StructType) -> bool:
    return bool(struct.members) and isinstance(struct.members[-1], RuntimeArrayType)


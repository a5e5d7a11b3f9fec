"""What a SPIR-V entry point needs from the command line, checked before `dxlinalg spirv` dispatches it.

`dxlinalg.spirv.run` takes bytes and arrays as they come (it is a library call: an array's bytes are
what the caller means). On the command line a file is easily the wrong one: a float64 `.npy` for a
`float[]` block runs and gives sums near 1e20. So the command reads the module once, asks it which
blocks the entry point uses and of what element type, and checks each `.npy` against that, in words
a user of the command knows (binding names, `--buffer SET:BINDING=FILE`).

The rule (docs/spirv.md#the-command): a block whose scalars all have one type (`float data[]`, a
struct of `vec4`s) takes a `.npy` of exactly that type, little-endian, as the GPU stores it, or of
uint8 (bytes, such as converted weight matrices); a block mixing types (ints and floats) takes any
numeric `.npy`, whose bytes are used as they are. Raw files are bytes and are never checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from dxlinalg.spirv.enums import StorageClass
from dxlinalg.spirv.errors import SpirvArgumentError, SpirvError
from dxlinalg.spirv.module import Module, load_module
from dxlinalg.spirv.run import prepare, used_variables
from dxlinalg.spirv.specialize import GlobalVariable
from dxlinalg.spirv.types import ArrayType, MatrixType, PointerType, RuntimeArrayType, StructType, VectorType

BUFFER_STORAGE = (StorageClass.StorageBuffer, StorageClass.Uniform)


def _with_file(error: SpirvError, path: Path) -> SpirvError:
    """The same error, its message led by the module's file name."""
    try:
        return type(error)(f"{path}: {error}")
    except TypeError:               # an error class with its own constructor: keep it as it is
        return error


def scalar_dtypes(spv_type: Any) -> set[np.dtype] | None:
    """The numpy dtypes of every scalar inside a type (None: a type with no plain scalar form, e.g. a new encoding)."""
    if isinstance(spv_type, (VectorType, MatrixType)):
        return scalar_dtypes(spv_type.component)
    if isinstance(spv_type, (ArrayType, RuntimeArrayType)):
        return scalar_dtypes(spv_type.element)
    if isinstance(spv_type, StructType):
        found: set[np.dtype] = set()
        for member in spv_type.members:
            inner = scalar_dtypes(member)
            if inner is None:
                return None
            found |= inner
        return found
    if isinstance(spv_type, PointerType):       # a PhysicalStorageBuffer address: 64 bits
        return {np.dtype(np.uint64)}
    dtype = getattr(spv_type, "dtype", None)
    return {np.dtype(dtype)} if isinstance(dtype, np.dtype) and dtype.kind in "biuf" else None


def _type_name(dtype: np.dtype) -> str:
    """A GLSL-like name for the dtype a block holds (float, float16_t, int, uint, int64_t, double, ...)."""
    names = {"f2": "float16_t", "f4": "float", "f8": "double", "i1": "int8_t", "u1": "uint8_t", "i2": "int16_t",
             "u2": "uint16_t", "i4": "int", "u4": "uint", "i8": "int64_t", "u8": "uint64_t", "b1": "bool"}
    return names.get(f"{dtype.kind}{dtype.itemsize}", dtype.name)


@dataclass(frozen=True)
class Block:
    """A buffer block (or a descriptor array of them) the entry point uses."""

    variable: GlobalVariable
    key: tuple[int, int]
    arrayed: bool                 # a descriptor array: bound as SET:BINDING[ELEMENT]
    struct: StructType

    @property
    def name(self) -> str:
        """What the shader calls it: the variable's name, else its block type's (GLSL's anonymous `buffer B {...};`)."""
        if self.variable.name:
            return f"'{self.variable.name}'"
        if self.struct.name:
            return f"block '{self.struct.name}'"
        return f"an unnamed block (%{self.variable.id})"

    def element_dtype(self) -> np.dtype | None:
        """The one scalar type of the block, or None when it mixes types."""
        found = scalar_dtypes(self.struct)
        return next(iter(found)) if found is not None and len(found) == 1 else None


class ShaderInterface:
    """The module and the blocks its entry point uses, for checks before the dispatch."""

    def __init__(self, module: Module, blocks: list[Block], push: GlobalVariable | None, profile_name: str) -> None:
        self.module = module
        self.blocks = {block.key: block for block in blocks}
        self.push = push
        self.profile_name = profile_name

    @classmethod
    def load(cls, path: Path, entry_point: str, spec_constants: Mapping[int, object],
             profile: str) -> ShaderInterface:
        """Read and prepare the module (cached on it for the run); its errors name the file."""
        from dxlinalg.profile.registry import load_profile

        device = load_profile(profile)
        try:
            module = load_module(path)
            program = prepare(module, entry_point, spec_constants, device.wave_size)
        except SpirvError as error:
            raise _with_file(error, path) from None
        blocks, push = [], None
        for variable in used_variables(program):
            if variable.storage == StorageClass.PushConstant:
                push = variable
            elif variable.storage in BUFFER_STORAGE:
                key = cls._descriptor(module, variable)
                pointee = variable.pointee
                arrayed = isinstance(pointee, (ArrayType, RuntimeArrayType)) and isinstance(pointee.element,
                                                                                            StructType)
                struct = pointee.element if arrayed else pointee
                if key is not None and isinstance(struct, StructType):
                    blocks.append(Block(variable, key, arrayed, struct))
        return cls(module, blocks, push, device.name)

    @staticmethod
    def _descriptor(module: Module, variable: GlobalVariable) -> tuple[int, int] | None:
        from dxlinalg.spirv.enums import Decoration

        found = [module.decoration(variable.id, d) for d in (Decoration.DescriptorSet, Decoration.Binding)]
        if any(entry is None or not entry.operands for entry in found):
            return None                 # run() reports the missing decoration with its position
        return found[0].operands[0], found[1].operands[0]   # type: ignore[union-attr]

    def check_buffer(self, key: tuple[int, ...], data: np.ndarray | bytes, what: str) -> None:
        """A `.npy` holds the element type of the block it is bound to (run() checks the key itself)."""
        block = self.blocks.get((key[0], key[1]))
        if block is not None and isinstance(data, np.ndarray):
            self._check_dtype(data, block.element_dtype(), f"{block.name} (set {key[0]}, binding {key[1]})", what)

    def check_push_constants(self, data: np.ndarray | bytes, what: str) -> None:
        if self.push is not None and isinstance(data, np.ndarray):
            found = scalar_dtypes(self.push.pointee)
            expected = next(iter(found)) if found is not None and len(found) == 1 else None
            self._check_dtype(data, expected, f"the push-constant block {self._push_name()}", what)

    def _push_name(self) -> str:
        assert self.push is not None
        pointee = self.push.pointee
        return f"'{self.push.name or getattr(pointee, 'name', '') or '%' + str(self.push.id)}'"

    @staticmethod
    def _check_dtype(data: np.ndarray, expected: np.dtype | None, block: str, what: str) -> None:
        found = data.dtype
        if expected is None or found == np.uint8:
            return                      # a block of mixed types, or bytes: the array's bytes are used as they are
        if found.kind != expected.kind or found.itemsize != expected.itemsize:
            raise SpirvArgumentError(f"{what}: the file holds {found.name} values but {block} holds "
                                     f"{_type_name(expected)} ({expected.name}); save the array as "
                                     f"{expected.name}, or as bytes (uint8, or a raw file: any name but .npy)")
        if found.byteorder == ">" and found.itemsize > 1:
            raise SpirvArgumentError(f"{what}: the file holds big-endian {found.name} values; the GPU reads "
                                     f"little-endian ({block})")

    def check_all_bound(self, buffers: Mapping[tuple[int, ...], object]) -> None:
        """Every block the entry point uses has a --buffer (an arrayed one: at least one element)."""
        for key, block in sorted(self.blocks.items()):
            given = [k for k in buffers if k[:2] == key]
            if given:
                continue
            where = f"set {key[0]}, binding {key[1]}"
            if block.arrayed:
                raise SpirvArgumentError(f"the shader uses the descriptor array {block.name} at {where}, and no "
                                         f"--buffer binds an element of it; add --buffer {key[0]}:{key[1]}[0]=FILE "
                                         f"for each element it uses")
            raise SpirvArgumentError(f"the shader uses the buffer {block.name} at {where}, and no --buffer binds "
                                     f"it; add --buffer {key[0]}:{key[1]}=FILE")

    def check_push_constants_given(self, given: bool) -> None:
        if self.push is not None and not given:
            raise SpirvArgumentError(f"the shader reads the push-constant block {self._push_name()}; give its bytes "
                                     f"with --push-constants FILE")

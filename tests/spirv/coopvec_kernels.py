"""Test kernels over cooperative vectors, written with dxlinalg.spirv.builder.

`CoopvecKernel` is a GLCompute `main` with the extension declared (CooperativeVectorNV,
VulkanMemoryModel, the Vulkan memory model): operand k of lane i is loaded with
OpCooperativeVectorLoadNV from binding k at byte `slot * i` (scalars with OpLoad), and the result
is stored the same way to the next binding. `apply_coopvec` runs one instruction through it.
Specs: "f16x8" is a cooperative vector of 8 float16, "u32" a scalar uint.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.spirv import run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import Capability, StorageClass
from tests.spirv.kernels import dtype_of, parse

VULKAN_MEMORY_MODEL = 3
SLOT = 256          # bytes per lane and operand: 16-byte aligned, room for 64 components of 4 bytes


class CoopvecKernel:
    def __init__(self, local_size: int = 32, *, declare: bool = True) -> None:
        self.kernel = ComputeKernel(local_size=(local_size, 1, 1))
        self.b, self.fn = self.kernel.module, self.kernel.fn
        b = self.b
        if declare:
            b.capability(Capability.CooperativeVectorNV)
            b.capability(Capability.VulkanMemoryModel)
            b.extension("SPV_NV_cooperative_vector")
            b.sections["memory_model"].clear()
            b.memory_model(0, VULKAN_MEMORY_MODEL)
        self.uint = b.uint()
        self.index = self.kernel.global_id_x()
        self.offset = self.fn.op("OpIMul", self.uint, self.index, b.constant(self.uint, SLOT))
        self.bindings = 0

    def type_of(self, spec: str) -> int:
        kind, width, count = parse(spec)
        scalar = self.b.float(width) if kind == "f" else self.b.int(width, kind == "i")
        if "x" not in spec:
            return scalar
        return self.b.cooperative_vector(scalar, self.b.constant(self.uint, count))

    def words_array(self, binding: int) -> int:
        """The runtime array of uint in a new storage buffer at (0, binding)."""
        buffer = self.kernel.buffer(0, binding, self.uint)
        return self.fn.op("OpAccessChain", self.b.pointer(StorageClass.StorageBuffer, self.b.runtime_array(
            self.uint, 4)), buffer, self.b.constant(self.b.int(), 0))

    def load(self, spec: str) -> int:
        binding = self.bindings
        self.bindings += 1
        if "x" in spec:
            return self.fn.op("OpCooperativeVectorLoadNV", self.type_of(spec), self.words_array(binding), self.offset)
        element = self.type_of(spec)
        buffer = self.kernel.buffer(0, binding, element, stride=SLOT)
        return self.kernel.load(buffer, self.index, element)

    def store(self, value: int) -> int:
        binding = self.bindings
        self.bindings += 1
        self.fn.do("OpCooperativeVectorStoreNV", self.words_array(binding), self.offset, value)
        return binding

    def finish(self) -> np.ndarray:
        return self.kernel.finish()


def operand_buffer(values: np.ndarray) -> np.ndarray:
    """(lanes, n) values at SLOT bytes per lane (scalars: (lanes,))."""
    lanes = values.shape[0]
    raw = np.zeros((lanes, SLOT), np.uint8)
    row = np.ascontiguousarray(values.reshape(lanes, -1)).view(np.uint8)
    raw[:, :row.shape[1]] = row
    return raw.reshape(-1).view(np.uint32)


def run_coopvec(words: np.ndarray, inputs: list[np.ndarray], result_spec: str, local_size: int = 32,
                **options: object) -> np.ndarray:
    """Run a CoopvecKernel whose operands are `inputs` (1-D uint8 arrays: whole buffers, such as matrices)
    and whose result (the last binding) is `result_spec`."""
    lanes = inputs[0].shape[0]
    buffers = {(0, k): x if x.dtype == np.uint8 and x.ndim == 1 else operand_buffer(x) for k, x in enumerate(inputs)}
    buffers[(0, len(inputs))] = np.zeros(lanes * SLOT // 4, np.uint32)
    result = run(words, groups=(-(-lanes // local_size), 1, 1), buffers=buffers, **options)  # type: ignore[arg-type]
    _, _, count = parse(result_spec)
    dtype = dtype_of(result_spec)
    raw = result[(0, len(inputs))].view(np.uint8).reshape(lanes, SLOT)
    return raw[:, :count * dtype.itemsize].copy().view(dtype)


def apply_coopvec(opname: str, operand_specs: list[str], result_spec: str, inputs: list[np.ndarray], *,
                  glsl: str | None = None, literals: tuple[int, ...] = (), **options: object) -> np.ndarray:
    """One instruction (or GLSL.std.450 instruction `glsl`) on cooperative-vector operands, per lane."""
    kernel = CoopvecKernel()
    operands = [kernel.load(spec) for spec in operand_specs]
    result_type = kernel.type_of(result_spec)
    if glsl is not None:
        value = kernel.fn.ext(result_type, glsl, *operands)
    else:
        value = kernel.fn.op(opname, result_type, *operands, *literals)
    kernel.store(value)
    return run_coopvec(kernel.finish(), inputs, result_spec, **options)

"""Test kernels built with dxlinalg.spirv.builder: one instruction applied per lane, inputs and output in buffers."""

from __future__ import annotations

import numpy as np

from dxlinalg.spirv import run
from dxlinalg.spirv.builder import ComputeKernel, ModuleBuilder

_KINDS = {"f": "float", "i": "int", "u": "uint"}


def parse(spec: str) -> tuple[str, int, int]:
    """'f32x4' -> ('f', 32, 4); 'bool' -> ('b', 1, 1); 'u16' -> ('u', 16, 1)."""
    base, _, count = spec.partition("x")
    if base.startswith("bool"):
        return "b", 1, int(count or 1)
    return base[0], int(base[1:]), int(count or 1)


def type_of(b: ModuleBuilder, spec: str) -> int:
    kind, width, count = parse(spec)
    scalar = b.bool() if kind == "b" else b.float(width) if kind == "f" else b.int(width, kind == "i")
    return scalar if count == 1 else b.vector(scalar, count)


def dtype_of(spec: str) -> np.dtype:
    kind, width, _ = parse(spec)
    return np.dtype(bool) if kind == "b" else np.dtype(f"{kind}{width // 8}")


def storage_spec(spec: str) -> str:
    """Bools travel through buffers as 32-bit unsigned integers."""
    kind, _, count = parse(spec)
    return (f"u32x{count}" if count > 1 else "u32") if kind == "b" else spec


def as_buffer(values: np.ndarray, spec: str) -> np.ndarray:
    return values.astype(np.uint32) if parse(spec)[0] == "b" else values.astype(dtype_of(spec))


class OpKernel:
    """main(): out[i] = OP(in0[i], in1[i], ...) for lane i, with bool operands and results converted."""

    def __init__(self, operand_specs: list[str], result_spec: str, local_size: int = 64) -> None:
        self.kernel = ComputeKernel(local_size=(local_size, 1, 1))
        self.b = self.kernel.module
        self.fn = self.kernel.fn
        self.operand_specs = operand_specs
        self.result_spec = result_spec
        self.index = self.kernel.global_id_x()
        self.operands = [self._load(k, spec) for k, spec in enumerate(operand_specs)]
        self.result_type = type_of(self.b, result_spec)

    def _load(self, k: int, spec: str) -> int:
        stored = storage_spec(spec)
        element = type_of(self.b, stored)
        buffer = self.kernel.buffer(0, k, element)
        value = self.kernel.load(buffer, self.index, element)
        if parse(spec)[0] != "b":
            return value
        zero = self.b.constant(self.b.uint(), 0)
        if parse(spec)[2] > 1:
            zero = self.b.constant_composite(element, *[zero] * parse(spec)[2])
        return self.fn.op("OpINotEqual", type_of(self.b, spec), value, zero)

    def constant(self, spec: str, value: object) -> int:
        return self.b.constant(type_of(self.b, spec), value)

    def finish(self, result: int, result_spec: str | None = None) -> np.ndarray:
        spec = result_spec or self.result_spec
        stored = storage_spec(spec)
        element = type_of(self.b, stored)
        if parse(spec)[0] == "b":
            one, zero = self.b.constant(self.b.uint(), 1), self.b.constant(self.b.uint(), 0)
            count = parse(spec)[2]
            if count > 1:
                one = self.b.constant_composite(element, *[one] * count)
                zero = self.b.constant_composite(element, *[zero] * count)
            result = self.fn.op("OpSelect", element, result, one, zero)
        out = self.kernel.buffer(0, len(self.operand_specs), element)
        self.kernel.store(out, self.index, element, result)
        return self.kernel.finish()


def run_kernel(words: np.ndarray, inputs: list[np.ndarray], operand_specs: list[str], result_spec: str,
               lanes: int, local_size: int = 64, **options: object) -> np.ndarray:
    buffers = {(0, k): as_buffer(x, spec) for k, (x, spec) in enumerate(zip(inputs, operand_specs))}
    kind, _, count = parse(result_spec)
    out_dtype = np.uint32 if kind == "b" else dtype_of(result_spec)
    shape = (lanes,) if count == 1 else (lanes, count)
    buffers[(0, len(operand_specs))] = np.zeros(shape, out_dtype)
    groups = -(-lanes // local_size)
    result = run(words, groups=(groups, 1, 1), buffers=buffers, **options)[(0, len(operand_specs))]  # type: ignore[arg-type]
    return result.astype(bool) if kind == "b" else result


def apply_op(opname: str, operand_specs: list[str], result_spec: str, inputs: list[np.ndarray], *,
             literals: tuple[int, ...] = (), glsl: str | None = None, **options: object) -> np.ndarray:
    """Run one instruction (or GLSL.std.450 instruction `glsl`) over len(inputs[0]) lanes."""
    lanes = inputs[0].shape[0]
    kernel = OpKernel(operand_specs, result_spec)
    if glsl is not None:
        result = kernel.fn.ext(kernel.result_type, glsl, *kernel.operands)
    else:
        result = kernel.fn.op(opname, kernel.result_type, *kernel.operands, *literals)
    words = kernel.finish(result)
    return run_kernel(words, inputs, operand_specs, result_spec, lanes, **options)

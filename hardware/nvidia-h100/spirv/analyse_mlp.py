"""The MLP inference modules on the H100 against dxlinalg/samples/mlp_inference.py on profile nvidia-h100.

The committed modules (dxlinalg/samples/spirv/mlp_inference_*.spv) ran with the Python sample's buffers and
push constants; mlp_trace_*.spv (the same source with stores of every intermediate) ran beside
them. The images are compared with the Python DXIL sample's, and the trace splits the difference
into its causes, each measured on the H100's own intermediates:
  features   the GPU's sin/cos (float32) against numpy's
  layer l    the GPU's MatMulAdd result against (a) the documented accumulation model and (b) the
             emulator, both given the GPU's own input to that layer
  output     the GPU's 1 / (1 + exp(-y)) against numpy's float32, given the GPU's y
and end to end by chains that swap one cause at a time (numpy or GPU features; emulator or model
sums; numpy sigmoid). Writes DATA_DIR/mlp.npz (images and traces) and DATA_DIR/mlp.tsv.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from jobs import MLP_SIZE, PROFILE, mlp_inputs
from variants import TRACE_LAYOUT

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))

from tests.hardware_replay.nvidia_h100_spirv_replay import model_sums

FLOAT_TYPES = {"fp16": "F16", "e4m3": "F8_E4M3", "e5m2": "F8_E5M2"}
TRACED = ("fp16", "e4m3", "e5m2", "int8")
KEEP_TRACES = ("fp16", "e4m3", "int8")       # e5m2's trace is left out of the record for size
LAYERS = [(64, 16), (64, 64), (64, 64), (3, 64)]


def python_image(variant: str) -> np.ndarray:
    """(pixels, 3) float32: the Python DXIL sample on nvidia-h100, as dxlinalg/samples/mlp_inference.py renders it."""
    from dxlinalg.samples.host_helpers import GpuContext
    from dxlinalg.samples.mlp_inference import prepare_variant
    from dxlinalg.samples.mlp_model import random_weights

    gpu = GpuContext(PROFILE)
    frame = prepare_variant(gpu, variant, random_weights(), *MLP_SIZE)
    frame.record(gpu.list)
    gpu.execute_and_wait()
    return frame.read_image(gpu).reshape(-1, 3)


def numpy_features() -> np.ndarray:
    from dxlinalg.samples.mlp_inference import shader_encoding

    width, height = MLP_SIZE
    ys, xs = np.divmod(np.arange(width * height), width)
    xy = np.stack([xs, ys], axis=1).astype(np.uint32)
    return shader_encoding(xy, np.uint32(width), np.uint32(height))


def read_trace(raw: bytes, variant: str) -> dict[str, np.ndarray]:
    layout = TRACE_LAYOUT["int8" if variant == "int8" else "float"]
    records = np.frombuffer(raw, np.uint8).reshape(-1, layout["stride"])

    def field(name: str, dtype, count: int) -> np.ndarray:
        start = layout[name]
        return np.ascontiguousarray(records[:, start: start + count * np.dtype(dtype).itemsize]).view(dtype)

    out = {"features": field("features", np.float32, 16)}
    if variant == "int8":
        out["p0"] = field("p0", np.uint32, 4)
        for layer, (m, k) in enumerate(LAYERS, start=1):
            out[f"a{layer}"] = field(f"a{layer}", np.int32, m)
            if layer < 4:
                out[f"p{layer}"] = field(f"p{layer}", np.uint32, m // 4)
    else:
        out["x0"] = field("x0", np.float16, 16)
        for layer in (1, 2, 3):
            out[f"x{layer}"] = field(f"x{layer}", np.float16, 64)
        out["y"] = field("y", np.float16, 3)
    return out


# ---- the layers, three ways --------------------------------------------------------------------------
class Network:
    """The variant's layers as the GPU got them: weights decoded from the MUL_OPTIMAL bytes, biases."""

    def __init__(self, variant: str) -> None:
        from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
        from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix
        from dxlinalg.profile.registry import load_profile

        self.variant = variant
        data = mlp_inputs(variant)
        self.weights = np.frombuffer(data["weights"], np.uint8).copy()
        self.biases = np.frombuffer(data["biases"], np.uint8).copy()
        self.constants = np.frombuffer(data["push"], np.uint32)
        profile = load_profile(PROFILE)
        component = ComponentType.I8 if variant == "int8" else ComponentType[FLOAT_TYPES[variant]]
        self.matrices, self.bias_values = [], []
        for layer, (m, k) in enumerate(LAYERS):
            desc = MatrixDescription(m, k, component, MatrixLayout.MulOptimal)
            offset = int(self.constants[4 + layer])
            self.matrices.append(decode_matrix(self.weights[offset:], desc, profile).astype(np.float64))
            start = int(self.constants[8 + layer])
            bias_type = np.int32 if variant == "int8" else np.float16
            self.bias_values.append(self.biases[start: start + m * np.dtype(bias_type).itemsize].view(bias_type))
        self.dequant = self.constants[12:16].view(np.float32) if variant == "int8" else None
        self.quant = self.constants[16:20].view(np.float32) if variant == "int8" else None

    def model(self, layer: int, x: np.ndarray) -> np.ndarray:
        """The documented H100 accumulation (float variants): FP16 bits (pixels, M)."""
        m, k = LAYERS[layer]
        pixels = x.shape[0]
        w = np.broadcast_to(self.matrices[layer], (1, pixels, m, k))
        bias = np.broadcast_to(self.bias_values[layer].astype(np.float64), (1, pixels, m))
        return model_sums(x.astype(np.float64)[None], w, bias)[0]

    def emulator(self, layer: int, x: np.ndarray) -> np.ndarray:
        """dxlinalg's SPIR-V MatrixMulAdd on nvidia-h100 with the same bytes: FP16 bits or int32."""
        from dxlinalg.gpu import standalone_lanes
        from dxlinalg.gpu.resources import resolve_handle
        from dxlinalg.numerics.component_types import ComponentType
        from dxlinalg.spirv import coopvec
        from dxlinalg.spirv.coopvec import ArrayPointer, Bias
        from dxlinalg.spirv.coopvec_rules import CooperativeMatrixOperands, StorageClass

        m, k = LAYERS[layer]
        weights = ArrayPointer(resolve_handle(self.weights, "weights"), StorageClass.StorageBuffer)
        biases = ArrayPointer(resolve_handle(self.biases, "biases"), StorageClass.StorageBuffer)
        if self.variant == "int8":
            interpretation, matrix, bias_type, result = 1000491000, 3, 5, ComponentType.I32
            operands = CooperativeMatrixOperands.MatrixResultSignedComponents
        else:
            interpretation = matrix = {"fp16": 0, "e4m3": 1000491002, "e5m2": 1000491003}[self.variant]
            bias_type, result, operands = 0, ComponentType.F16, 0
        with standalone_lanes(x.shape[0], profile=PROFILE) as ctx:
            out = coopvec.matrix_mul(ctx, x, interpretation, weights, int(self.constants[4 + layer]), matrix, m, k, 2,
                                     False, 0, operands, result, m,
                                     Bias(biases, int(self.constants[8 + layer]), bias_type))
        return out.view(np.uint16) if self.variant != "int8" else out.astype(np.int32)


def sigmoid32(y: np.ndarray) -> np.ndarray:
    """The Python shader's rgb = 1 / (1 + exp(-y)) in float32."""
    y = y.astype(np.float32)
    return (np.float32(1.0) / (np.float32(1.0) + np.exp(-y))).astype(np.float32)


def float_chain(net: Network, features: np.ndarray, layer_sum) -> np.ndarray:
    x = features.astype(np.float16)
    for layer in range(4):
        x = layer_sum(layer, x).view(np.float16)
        if layer < 3:
            x = np.maximum(x, np.float16(0)) + np.float16(0)
    return sigmoid32(x.astype(np.float32))


def requantise(a: np.ndarray, dequant: np.float32, quant: np.float32) -> np.ndarray:
    y = np.maximum(a.astype(np.float32) * dequant, np.float32(0))
    q = np.clip(np.rint(y * quant).astype(np.int64), -128, 127)
    return q.astype(np.uint8).reshape(q.shape[0], -1, 4).view("<u4").reshape(q.shape[0], -1)


def quantise_features(features: np.ndarray, quant: np.float32) -> np.ndarray:
    q = np.clip(np.rint(features * quant).astype(np.int64), -128, 127)
    return q.astype(np.uint8).reshape(q.shape[0], -1, 4).view("<u4").reshape(q.shape[0], -1)


def int8_chain(net: Network, features: np.ndarray) -> np.ndarray:
    p = quantise_features(features, net.quant[0])
    for layer in range(4):
        a = net.emulator(layer, p)
        if layer < 3:
            p = requantise(a, net.dequant[layer], net.quant[layer + 1])
    return sigmoid32(a.astype(np.float32) * net.dequant[3])


# ---- comparisons -------------------------------------------------------------------------------------
def ulp32(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    def ordered(v):
        i = np.ascontiguousarray(v, np.float32).view(np.int32).astype(np.int64)
        return np.where(i < 0, -(i & 0x7FFFFFFF), i)
    return np.abs(ordered(a) - ordered(b))


def ulp16(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    def ordered(v):
        i = np.ascontiguousarray(v).view(np.uint16).astype(np.int64)
        return np.where(i & 0x8000, -(i & 0x7FFF), i)
    return np.abs(ordered(a) - ordered(b))


def describe(name: str, gpu: np.ndarray, other: np.ndarray, ulp) -> str:
    differ = (np.ascontiguousarray(gpu).view(np.uint8).reshape(gpu.shape + (-1,))
              != np.ascontiguousarray(other).view(np.uint8).reshape(other.shape + (-1,))).any(axis=-1)
    distance = ulp(gpu, other)
    absolute = np.abs(gpu.astype(np.float64) - other.astype(np.float64))
    return (f"{name}\t{gpu.size}\t{gpu.size - int(differ.sum())}\t{int(distance.max()) if distance.size else 0}"
            f"\t{absolute.max():.3g}")


def analyse(dump_dir: Path, data_dir: Path) -> None:
    lines = ["comparison\tvalues\tbit_identical\tmax_ulp\tmax_abs_difference"]
    record: dict[str, np.ndarray] = {}
    features_np = numpy_features()
    for variant in TRACED:
        net = Network(variant)
        reference = python_image(variant)
        images = {}
        for run in (f"mlp_{variant}", f"mlp_slang_{variant}", f"mlp_trace_{variant}"):
            path = dump_dir / f"{run}.s0b2.bin"
            if path.exists():
                images[run] = np.fromfile(path, np.float32).reshape(-1, 3)
                record[f"{run}.image"] = images[run]
                lines.append(describe(f"{variant}: image {run} vs Python sample", images[run], reference, ulp32))
        gpu_image = images[f"mlp_{variant}"]
        lines.append(describe(f"{variant}: image mlp_trace vs mlp", images[f"mlp_trace_{variant}"], gpu_image, ulp32))
        trace = read_trace((dump_dir / f"mlp_trace_{variant}.s0b3.bin").read_bytes(), variant)
        if variant in KEEP_TRACES:
            record.update({f"mlp_trace_{variant}.{key}": value for key, value in trace.items()})
        features = trace["features"]
        lines.append(describe(f"{variant}: features (GPU sin/cos vs numpy float32)", features, features_np, ulp32))
        if variant == "int8":
            lines += _int8_steps(net, trace, gpu_image, reference, features_np)
        else:
            lines += _float_steps(net, trace, gpu_image, features_np)
    np.savez_compressed(data_dir / "mlp.npz", **record)
    (data_dir / "mlp.tsv").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


def _float_steps(net: Network, trace: dict, gpu_image: np.ndarray, features_np: np.ndarray) -> list[str]:
    v = net.variant
    lines = [describe(f"{v}: x0 vs float16(GPU features)", trace["x0"], trace["features"].astype(np.float16), ulp16)]
    x = trace["x0"]
    for layer in range(4):
        out = trace[f"x{layer + 1}"] if layer < 3 else trace["y"]
        lines.append(describe(f"{v}: layer {layer + 1} GPU vs documented model (GPU input)", out,
                              net.model(layer, x).view(np.float16), ulp16))
        lines.append(describe(f"{v}: layer {layer + 1} GPU vs emulator (GPU input)", out,
                              net.emulator(layer, x).view(np.float16), ulp16))
        x = np.maximum(out, np.float16(0)) + np.float16(0)
    lines.append(describe(f"{v}: rgb GPU vs numpy float32 sigmoid of GPU y", gpu_image, sigmoid32(trace["y"]), ulp32))
    for name, features, layer_sum in (("numpy features, emulator sums", features_np, net.emulator),
                                      ("numpy features, model sums", features_np, net.model),
                                      ("GPU features, emulator sums", trace["features"], net.emulator),
                                      ("GPU features, model sums", trace["features"], net.model)):
        lines.append(describe(f"{v}: image GPU vs chain ({name}, numpy sigmoid)", gpu_image,
                              float_chain(net, features, layer_sum), ulp32))
    return lines


def _int8_steps(net: Network, trace: dict, gpu_image: np.ndarray, reference: np.ndarray,
                features_np: np.ndarray) -> list[str]:
    lines = [describe("int8: p0 vs quantised GPU features", trace["p0"], quantise_features(trace["features"], net.quant[0]),
                      lambda a, b: np.abs(a.astype(np.int64) - b.astype(np.int64)))]
    lines.append(describe("int8: p0 vs quantised numpy features", trace["p0"], quantise_features(features_np, net.quant[0]),
                          lambda a, b: np.abs(a.astype(np.int64) - b.astype(np.int64))))
    p = trace["p0"]
    for layer in range(4):
        a = trace[f"a{layer + 1}"]
        lines.append(describe(f"int8: layer {layer + 1} GPU vs emulator (GPU input)", a, net.emulator(layer, p),
                              lambda x, y: np.abs(x.astype(np.int64) - y.astype(np.int64))))
        if layer < 3:
            p = trace[f"p{layer + 1}"]
            lines.append(describe(f"int8: p{layer + 1} GPU vs numpy requantisation of GPU a{layer + 1}", p,
                                  requantise(a, net.dequant[layer], net.quant[layer + 1]),
                                  lambda x, y: np.abs(x.astype(np.int64) - y.astype(np.int64))))
    y = trace["a4"].astype(np.float32) * net.dequant[3]
    lines.append(describe("int8: rgb GPU vs numpy float32 sigmoid of GPU a4 * dequant", gpu_image, sigmoid32(y), ulp32))
    lines.append(describe("int8: image GPU vs chain (numpy features, emulator, numpy sigmoid)", gpu_image,
                          int8_chain(net, features_np), ulp32))
    lines.append(describe("int8: image GPU vs chain (GPU features, emulator, numpy sigmoid)", gpu_image,
                          int8_chain(net, trace["features"]), ulp32))
    lines.append(describe("int8: chain (numpy features) vs Python sample", int8_chain(net, features_np), reference, ulp32))
    return lines

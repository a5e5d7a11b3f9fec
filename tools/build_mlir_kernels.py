"""Build the MLIR kernel corpus in dxlinalg/samples/mlir/ from the sources in dxlinalg/samples/mlir/src/ with IREE (dev-only).

Why: dxlinalg.mlir runs MLIR GPU kernels as text; its test material must be what a real compiler emits, not
hand-written MLIR. For every source this script

1. runs `iree-compile ... --compile-to=executable-targets --mlir-print-ir-before=iree-convert-to-nvvm` and keeps the
   IR printed before IREE's NVVM conversion: the nvgpu-level dispatch function (`func.func` with
   `hal.interface.binding.subspan`, `gpu.thread_id`, `gpu.known_block_size`), written as `dxlinalg/samples/mlir/<name>.mlir`
   (the module holds the function alone; IREE's `iree_codegen.dispatch_config` op that follows it in the dump, which
   gives the workgroup count, goes into the manifest instead);
2. re-parses that file with `iree-opt` (so every committed kernel verifies) and prints it in the generic operation form
   (`--mlir-print-op-generic`) as `dxlinalg/samples/mlir/<name>.generic.mlir`;
3. compiles the whole program with the same target and options into `hardware/nvidia-h100/mlir/vmfb/<name>.vmfb`,
   the module that the GPU probe runs (the GPU runs the same kernel as the dump: the PTX of this very dispatch);
4. writes `dxlinalg/samples/mlir/manifest.json` (entry, bindings, workgroup count, block size, op counts, what it computes)
   and `dxlinalg/samples/mlir/COMMANDS.txt` (tool versions and the exact commands).

Usage: python tools/build_mlir_kernels.py [--check]   (needs the `mlir` extra: iree-base-compiler)
With --check nothing is written; it fails if a rebuilt artefact differs from the committed one.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "dxlinalg" / "samples" / "mlir" / "src"
KERNELS = ROOT / "dxlinalg" / "samples" / "mlir"
VMFB_DIR = ROOT / "hardware" / "nvidia-h100" / "mlir" / "vmfb"
PTX_DIR = ROOT / "hardware" / "nvidia-h100" / "mlir" / "ptx"   # the PTX each vmfb embeds, for reading
CUDA_TARGET = "sm_80"   # IREE 3.13 has no sm_90 entry in its CUDA target table ("missing GPU target"); the sm_80 PTX
                        # (+ptx76) is JIT-compiled by the driver for the H200
TARGET_FLAGS = ["--iree-hal-target-device=cuda", f"--iree-cuda-target={CUDA_TARGET}"]
DUMP_FLAGS = ["--compile-to=executable-targets", "--mlir-print-ir-before=iree-convert-to-nvvm"]
DUMP_HEADER = "// -----// IR Dump Before ConvertToNVVMPass: iree-convert-to-nvvm //----- //"


@dataclass(frozen=True)
class Source:
    """One source program: its function, what it computes (for the manifest and the numpy model) and extra flags."""

    name: str
    computes: str
    model: str
    extra_flags: list[str] = field(default_factory=list)
    vector_source: str | None = None      # a hand-written vector-level dispatch function in src/ ...
    transform: str | None = None          # ... lowered by this transform script in src/ (iree-opt --transform-interpreter)
    workgroups: tuple[int, int, int] = (1, 1, 1)   # the export's count for a transform-lowered kernel
    block_size: tuple[int, int, int] = (32, 1, 1)
    form: str = "iree-dispatch"           # or "gpu-module" / "func-args": upstream kernel forms, not compiled by IREE
    same_as: str | None = None            # an iree-dispatch kernel computing the same: its inputs and GPU outputs apply


SOURCE_LIST = [
    Source("matmul_f16_256", "C[256x256 f32] = A[256x256 f16] x B[256x256 f16], f32 accumulation", "matmul"),
    Source("matmul_f16_512", "C[512x512 f32] = A[512x512 f16] x B[512x512 f16], f32 accumulation", "matmul"),
    Source("matmul_f32_128x128x256", "C[128x128 f32] = A[128x256 f32] x B[256x128 f32]", "matmul"),
    Source("matmul_i8_128", "C[128x128 i32] = A[128x128 i8] x B[128x128 i8], sign-extended, i32 sums", "matmul"),
    Source("batch_matmul_f16_4x64x64x128",
           "C[b, 64x64 f32] = A[b, 64x128 f16] x B[b, 128x64 f16] for b < 4, f32 accumulation", "batch_matmul"),
    Source("matmul_f16_100x72x56",
           "C[100x72 f32] = A[100x56 f16] x B[56x72 f16], f32 accumulation; partial tiles: masked loads "
           "(vector.create_mask, vector.maskedload) and a vector.scatter store", "matmul"),
    Source("matmul_f32_100x72x56",
           "C[100x72 f32] = A[100x56 f32] x B[56x72 f32]; partial tiles: masked loads and stores, products summed "
           "by vector.reduction", "matmul"),
    Source("elementwise_math_f32",
           "R[64x256 f32] = x < y ? fma(sqrt(|x|), exp(y), x) : sqrt(|x|) for x = A, y = B elementwise; exp as "
           "IREE's polynomial", "elementwise_math"),
    Source("ldmatrix_async_matmul_f16_64",
           "C[64x64 f32] = A[64x64 f16] x B[64x64 f16], f32 accumulation; tiles staged in workgroup memory by "
           "nvgpu.device_async_copy, read by nvgpu.ldmatrix", "matmul",
           vector_source="ldmatrix_async_matmul_f16_64.vector.mlir", transform="lower_async_mma.transform.mlir",
           workgroups=(4, 4, 1)),
    Source("ldmatrix_async_pipelined_matmul_f16_64",
           "C[64x64 f32] = A[64x64 f16] x B[64x64 f16], f32 accumulation; double-buffered workgroup tiles, "
           "nvgpu.device_async_copy pipelined with depth 2 (device_async_wait numGroups = 1, predicated last copies), "
           "read by nvgpu.ldmatrix", "matmul",
           vector_source="ldmatrix_async_matmul_f16_64.vector.mlir",
           transform="lower_async_mma_pipelined.transform.mlir", workgroups=(4, 4, 1)),
]
UPSTREAM_SOURCES = [
    Source("ldmatrix_async_matmul_f16_64_gpu_module",
           "C[64x64 f32] = A[64x64 f16] x B[64x64 f16] as ldmatrix_async_matmul_f16_64, in a gpu.module / gpu.func "
           "kernel with memref arguments", "matmul", vector_source="ldmatrix_async_matmul_f16_64.gpu.vector.mlir",
           transform="lower_async_mma_gpu.transform.mlir", workgroups=(4, 4, 1), form="gpu-module",
           same_as="ldmatrix_async_matmul_f16_64"),
    Source("ldmatrix_async_matmul_f16_64_func_args",
           "C[64x64 f32] = A[64x64 f16] x B[64x64 f16] as ldmatrix_async_matmul_f16_64, in a func.func with memref "
           "arguments", "matmul", vector_source="ldmatrix_async_matmul_f16_64.func.vector.mlir",
           transform="lower_async_mma.transform.mlir", workgroups=(4, 4, 1), form="func-args",
           same_as="ldmatrix_async_matmul_f16_64"),
]
UPSTREAM_CLEANUP = {"gpu-module": "builtin.module(gpu.module(gpu.func(lower-affine,canonicalize,cse)))",
                    "func-args": "builtin.module(func.func(lower-affine,canonicalize,cse))"}
PROGRAMS = KERNELS / "programs"   # the whole programs that iree-compile gets for transform-lowered kernels (generated)

MEMREF = re.compile(r"memref<((?:\d+x)*)([a-z]+\d*)")
SUBSPAN = re.compile(r"hal\.interface\.binding\.subspan .*? binding\((\d+)\) [^:]*?(?:flags\(([^)]*)\) )?: (memref<[^\n]*)")
OP_NAME = re.compile(r"^\s*(?:%[^=]+= )?\"?([a-z_]+\.[a-z_.]+)", re.M)


def run(command: list[str], *, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=cwd)
    if result.returncode != 0:
        raise SystemExit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-4000:]}")
    return result


def tool(name: str) -> str:
    path = shutil.which(name) or str(Path(sys.executable).parent / name)
    if not Path(path).exists():
        raise SystemExit(f"{name} not found: install the mlir extra (pip install -e '.[mlir]')")
    return path


def embedded_ptx(vmfb: bytes) -> str:
    """The PTX module an IREE CUDA vmfb embeds (one per executable here): what the driver JIT-compiles."""
    start = vmfb.find(b".version ")
    if start < 0:
        raise SystemExit("no PTX in the vmfb")
    end = vmfb.find(b"\0", start)
    return vmfb[start:end].decode()


def split_dump(dump: str) -> tuple[str, str]:
    """The dispatch function and the dispatch_config op from one 'IR Dump Before iree-convert-to-nvvm'."""
    if dump.count(DUMP_HEADER) != 1:
        raise SystemExit(f"expected exactly one dispatch dump, found {dump.count(DUMP_HEADER)}")
    body = dump.split(DUMP_HEADER, 1)[1]
    config_at = body.index("  iree_codegen.dispatch_config ")
    function = body[:config_at].rstrip() + "\n}\n"
    config = body[config_at:]
    return function.lstrip(), config


def workgroup_count(config: str) -> list[int]:
    """Evaluate the dispatch_config region: constants then `iree_codegen.yield %x, %y, %z`."""
    constants = dict(re.findall(r"(%\w+) = arith\.constant (\d+) : index", config))
    yielded = re.search(r"iree_codegen\.yield ([^:]+):", config)
    if yielded is None:
        raise SystemExit("dispatch_config without iree_codegen.yield")
    names = [n.strip() for n in yielded.group(1).split(",")]
    return [int(constants[n]) for n in names]


def bindings(function: str) -> list[dict[str, object]]:
    found = []
    for index, flags, memref in SUBSPAN.findall(function):
        shape_text, element = MEMREF.match(memref).groups()   # type: ignore[union-attr]
        shape = [int(d) for d in shape_text.split("x") if d]
        found.append({"binding": int(index), "element_type": element, "shape": shape,
                      "access": "read" if "ReadOnly" in flags else "write",   # subspan flags: ReadOnly or writable
                      "memref": memref.strip()})
    return sorted(found, key=lambda b: b["binding"])


def lowered_program(source: Source, opt_tool: str) -> tuple[str, list[str]]:
    """The program around a transform-lowered kernel: the vector-level function lowered by its transform script,
    placed in a `hal.executable.source` whose function has IREE's `no_pipeline` translation (so IREE's codegen
    leaves it as it is up to the NVVM conversion), and a `flow.dispatch` of it from the program function."""
    vector = SOURCES / str(source.vector_source)
    script = SOURCES / str(source.transform)
    command = [opt_tool, str(vector.relative_to(ROOT)),
               f"--transform-preload-library=transform-library-paths={script.relative_to(ROOT)}",
               "--transform-interpreter"]
    lowered = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if lowered.returncode != 0:
        raise SystemExit(f"iree-opt failed for {source.name}:\n{lowered.stderr[-4000:]}")
    text = lowered.stdout
    aliases = [line for line in text.splitlines() if line.startswith("#")]
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#")).strip()
    if not (body.startswith("module {") and body.endswith("}")):
        raise SystemExit(f"{source.name}: unexpected iree-opt output")
    body = body[len("module {"):-1].rstrip()
    vector_name = re.search(r"func\.func @(\w+)\(", body).group(1)   # type: ignore[union-attr]
    x, y, z = source.block_size
    translation = (f"translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.no_pipeline "
                   f"workgroup_size = [{x}, {y}, {z}] subgroup_size = 32>")
    body = body.replace(f"func.func @{vector_name}() {{", f"func.func @{source.name}() attributes {{{translation}}} {{", 1)
    layout = re.search(r"layout\((#\w+|<[^)]*>)\)", body).group(1)   # type: ignore[union-attr]
    if layout.startswith("#"):
        layout = next(a.split(" = ", 1)[1] for a in aliases if a.startswith(layout + " "))
    reads = re.findall(r"binding\((\d+)\)[^:]*: memref<([^,>]+)", body)
    types = {int(b): "tensor<" + t + ">" for b, t in reads}
    inputs = [types[b] for b in sorted(types)[:-1]]
    output = types[max(types)]
    args = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(inputs))
    operands = ", ".join(f"%arg{i}" for i in range(len(inputs)))
    gx, gy, gz = source.workgroups
    program = "\n".join([
        f"// Generated by tools/build_mlir_kernels.py: {source.name}, the kernel of src/{source.vector_source}",
        f"// lowered by src/{source.transform}, as an IREE executable with no codegen pipeline.", *aliases,
        f"hal.executable.source private @{source.name}_executable {{",
        f"  hal.executable.export public @{source.name} ordinal(0) layout({layout}) "
        "count(%device: !hal.device) -> (index, index, index) {",
        f"    %x = arith.constant {gx} : index", f"    %y = arith.constant {gy} : index",
        f"    %z = arith.constant {gz} : index", "    hal.return %x, %y, %z : index, index, index", "  }",
        "  builtin.module {", body, "  }", "}",
        f"func.func @{source.name}({args}) -> {output} {{",
        f"  %0 = flow.dispatch @{source.name}_executable::@{source.name}({operands}) : "
        f"({', '.join(inputs)}) -> {output}",
        f"  return %0 : {output}", "}", ""])
    return program, [" ".join(["iree-opt", *command[1:]])]


def build(source: Source, compile_tool: str, opt_tool: str,
          scratch: Path) -> tuple[dict[str, str | bytes], dict[str, object], list[str]]:
    """One IREE kernel: dump, extract, verify, generic form, vmfb. Generated programs are compiled from `scratch`
    (nothing in the tree is written here; main() writes the returned files)."""
    # Every compile names its input by the path relative to the repository root and runs from a root that holds it
    # (the tree, or `scratch` for a generated program): the vmfb embeds that path, so it is the same wherever the
    # repository lies.
    src = SOURCES / f"{source.name}.mlir"
    workdir = ROOT
    extra_files: dict[str, str | bytes] = {}
    pre_commands: list[str] = []
    if source.transform is not None:
        program, pre_commands = lowered_program(source, opt_tool)
        src = PROGRAMS / f"{source.name}.program.mlir"
        workdir = scratch
        (scratch / src.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
        (scratch / src.relative_to(ROOT)).write_text(program)
        extra_files[str(src.relative_to(ROOT))] = program
    compiled = workdir / src.relative_to(ROOT)
    dump_command = [compile_tool, str(src.relative_to(ROOT)), *TARGET_FLAGS, *source.extra_flags, *DUMP_FLAGS,
                    "-o", "/dev/null"]
    dump = subprocess.run(dump_command, capture_output=True, text=True, cwd=workdir)
    if dump.returncode != 0:
        raise SystemExit(f"iree-compile failed for {source.name}:\n{dump.stderr[-4000:]}")
    function, config = split_dump(dump.stderr)
    origin = (f"dxlinalg/samples/mlir/src/{source.vector_source} lowered by dxlinalg/samples/mlir/src/{source.transform}"
              if source.transform else f"dxlinalg/samples/mlir/src/{source.name}.mlir")
    header = (f"// {source.name}: {source.computes}.\n// IREE dispatch at the nvgpu level (IR before "
              f"iree-convert-to-nvvm), written by tools/build_mlir_kernels.py from {origin};"
              f" see dxlinalg/samples/mlir/COMMANDS.txt.\n")
    custom = header + function
    verify_command = [opt_tool, "-"]
    run(verify_command, stdin=custom)
    generic_command = [opt_tool, "--mlir-print-op-generic", "-"]
    generic = header + run(generic_command, stdin=custom).stdout
    vmfb_path = VMFB_DIR / f"{source.name}.vmfb"
    vmfb_command = [compile_tool, str(src.relative_to(ROOT)), *TARGET_FLAGS, *source.extra_flags,
                    "-o", str(vmfb_path.relative_to(ROOT))]
    vmfb_tmp = scratch / f"{source.name}.vmfb"
    run([compile_tool, str(src.relative_to(ROOT)), *TARGET_FLAGS, *source.extra_flags, "-o", str(vmfb_tmp)],
        cwd=workdir)
    entry = re.search(r"func\.func @(\w+)\(", function).group(1)   # type: ignore[union-attr]
    block = [int(v) for v in re.search(r"gpu\.known_block_size = array<i32: ([\d, ]+)>", function).group(1).split(",")]  # type: ignore[union-attr]
    config_size = [int(v) for v in re.search(r"workgroup_size = \[([\d, ]+)\]", config).group(1).split(",")]  # type: ignore[union-attr]
    if config_size != block:
        raise SystemExit(f"{source.name}: gpu.known_block_size {block} != dispatch_config workgroup_size {config_size}")
    ops = Counter(OP_NAME.findall(function))
    manifest = {
        "name": source.name,
        "kernel": f"{source.name}.mlir",
        "generic": f"{source.name}.generic.mlir",
        "source": str(src.relative_to(KERNELS)),
        "vector_source": f"src/{source.vector_source}" if source.vector_source else None,
        "transform": f"src/{source.transform}" if source.transform else None,
        "vmfb": str(vmfb_path.relative_to(ROOT)),
        "program_function": source.name,
        "program_signature": program_signature(compiled.read_text(), source.name),
        "entry": entry,
        "form": "iree-dispatch",
        "computes": source.computes,
        "model": source.model,
        "bindings": bindings(function),
        "workgroup_count": workgroup_count(config),
        "block_size": block,
        "subgroup_size": int(re.search(r"subgroup_size = (\d+)", config).group(1)),   # type: ignore[union-attr]
        "same_as": None,
        "ops": dict(sorted(ops.items())),
    }
    files: dict[str, str | bytes] = {**extra_files,
        str((KERNELS / f"{source.name}.mlir").relative_to(ROOT)): custom,
        str((KERNELS / f"{source.name}.generic.mlir").relative_to(ROOT)): generic,
        str(vmfb_path.relative_to(ROOT)): vmfb_tmp.read_bytes(),
        str((PTX_DIR / f"{source.name}.ptx").relative_to(ROOT)): embedded_ptx(vmfb_tmp.read_bytes()),
    }
    commands = [*pre_commands, " ".join(["iree-compile", *dump_command[1:]]).replace("/dev/null", "/dev/null  # IR on stderr"),
                "iree-opt --mlir-print-op-generic " + f"dxlinalg/samples/mlir/{source.name}.mlir",
                " ".join(["iree-compile", *vmfb_command[1:]])]
    return files, manifest, commands


def argument_bindings(kernel: str) -> list[dict[str, object]]:
    """Bindings of an upstream-form kernel: its memref arguments by position; written where a store targets it."""
    signature = re.search(r"(?:gpu|func)\.func @\w+\((.*?)\)(?: kernel)? attributes", kernel).group(1)   # type: ignore[union-attr]
    found = []
    for position, (name, memref) in enumerate(re.findall(r"(%\w+): (memref<[^>]*>[^>]*>)", signature)):
        shape_text, element = MEMREF.match(memref).groups()   # type: ignore[union-attr]
        views = {name}
        for view, base in re.findall(r"(%\w+) = memref\.(?:subview|cast|reinterpret_cast|expand_shape|collapse_shape) "
                                     r"(%\w+)", kernel):
            if base in views:
                views.add(view)
        written = any(re.search(rf"(?:vector|memref)\.store [^\n]*, {v}\[", kernel) for v in views)
        found.append({"binding": position, "element_type": element, "shape": [int(d) for d in shape_text.split("x") if d],
                      "access": "write" if written else "read", "memref": memref})
    return found


def build_upstream(source: Source, opt_tool: str) -> tuple[dict[str, str | bytes], dict[str, object], list[str]]:
    """An upstream-form kernel: the vector-level source lowered by its transform script and cleaned up; no IREE
    program, so no vmfb: `same_as` names the IREE kernel whose GPU results it must reproduce."""
    vector = SOURCES / str(source.vector_source)
    script = SOURCES / str(source.transform)
    transform_command = [opt_tool, str(vector.relative_to(ROOT)),
                         f"--transform-preload-library=transform-library-paths={script.relative_to(ROOT)}",
                         "--transform-interpreter"]
    lowered = subprocess.run(transform_command, capture_output=True, text=True, cwd=ROOT)
    if lowered.returncode != 0:
        raise SystemExit(f"iree-opt failed for {source.name}:\n{lowered.stderr[-4000:]}")
    cleanup_command = [opt_tool, f"--pass-pipeline={UPSTREAM_CLEANUP[source.form]}", "-"]
    kernel = run(cleanup_command, stdin=lowered.stdout).stdout
    header = (f"// {source.name}: {source.computes}.\n// Upstream MLIR kernel form at the nvgpu level, written by "
              f"tools/build_mlir_kernels.py from dxlinalg/samples/mlir/src/{source.vector_source} lowered by "
              f"dxlinalg/samples/mlir/src/{source.transform}; see dxlinalg/samples/mlir/COMMANDS.txt.\n")
    custom = header + kernel
    generic_command = [opt_tool, "--mlir-print-op-generic", "-"]
    generic = header + run(generic_command, stdin=custom).stdout
    entry = re.search(r"(?:gpu|func)\.func @(\w+)\(", kernel).group(1)   # type: ignore[union-attr]
    block = re.search(r"known_block_size = array<i32: ([\d, ]+)>", kernel).group(1)   # type: ignore[union-attr]
    manifest = {
        "name": source.name, "kernel": f"{source.name}.mlir", "generic": f"{source.name}.generic.mlir",
        "source": f"src/{source.vector_source}", "vector_source": f"src/{source.vector_source}",
        "transform": f"src/{source.transform}", "vmfb": None, "program_function": None, "program_signature": None,
        "entry": entry,
        "form": source.form, "same_as": source.same_as, "computes": source.computes, "model": source.model,
        "bindings": argument_bindings(kernel), "workgroup_count": list(source.workgroups),
        "block_size": [int(v) for v in block.split(",")], "subgroup_size": 32,
        "ops": dict(sorted(Counter(OP_NAME.findall(kernel)).items())),
    }
    files: dict[str, str | bytes] = {f"dxlinalg/samples/mlir/{source.name}.mlir": custom,
                                     f"dxlinalg/samples/mlir/{source.name}.generic.mlir": generic}
    commands = [" ".join(["iree-opt", *transform_command[1:]]) + " | \\",
                f"  iree-opt '--pass-pipeline={UPSTREAM_CLEANUP[source.form]}'",
                f"iree-opt --mlir-print-op-generic dxlinalg/samples/mlir/{source.name}.mlir"]
    return files, manifest, commands


def program_signature(program: str, function: str) -> dict[str, object]:
    """The tensor shapes of the program function that the vmfb exports: IREE may flatten a dispatch's bindings
    (memref<16384xf32> for a tensor<64x256xf32>), so a runner of the vmfb reshapes the binding arrays to these."""
    match = re.search(rf"func\.func @{function}\((.*?)\) -> (tensor<[^>]*>)", program, re.S)
    if match is None:
        raise SystemExit(f"no func.func @{function} in the program")

    def tensor(text: str) -> dict[str, object]:
        dims, element = re.fullmatch(r"tensor<((?:\d+x)*)([a-z]+\d+)>", text.strip()).groups()   # type: ignore[union-attr]
        return {"shape": [int(d) for d in dims.split("x") if d], "element_type": element}

    arguments = [tensor(t) for t in re.findall(r"tensor<[^>]*>", match.group(1))]
    return {"arguments": arguments, "result": tensor(match.group(2))}


def versions(compile_tool: str) -> list[str]:
    from importlib.metadata import version
    lines = [f"iree-base-compiler: {version('iree-base-compiler')}"]
    try:
        lines.append(f"iree-base-runtime: {version('iree-base-runtime')}")
    except Exception:   # the runtime is only needed on the GPU machine
        pass
    lines.append("iree-compile --version: " + " ".join(run([compile_tool, "--version"]).stdout.split()))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="rebuild in memory and compare with the committed files")
    parser.add_argument("--only", help="with --check: rebuild this one kernel only (manifest and COMMANDS.txt unchecked)")
    args = parser.parse_args(argv)
    if args.only and not args.check:
        parser.error("--only goes with --check (a partial build would drop the other kernels from the manifest)")
    compile_tool, opt_tool = tool("iree-compile"), tool("iree-opt")
    outputs: dict[str, str | bytes] = {}
    manifests, command_lines = [], []
    selected = [s for s in SOURCE_LIST + UPSTREAM_SOURCES if not args.only or s.name == args.only]
    if not selected:
        parser.error(f"--only {args.only}: no such kernel")
    scratch = Path(tempfile.mkdtemp(prefix="build_mlir_kernels_"))
    for source in (s for s in SOURCE_LIST if s in selected):
        files, manifest, commands = build(source, compile_tool, opt_tool, scratch)
        outputs.update(files)
        manifests.append(manifest)
        command_lines += [f"# {source.name}", *commands, ""]
    for source in (s for s in UPSTREAM_SOURCES if s in selected):
        files, manifest, commands = build_upstream(source, opt_tool)
        outputs.update(files)
        manifests.append(manifest)
        command_lines += [f"# {source.name} (upstream form, no vmfb)", *commands, ""]
    outputs["dxlinalg/samples/mlir/manifest.json"] = json.dumps({"kernels": manifests}, indent=1) + "\n"
    outputs["dxlinalg/samples/mlir/COMMANDS.txt"] = "\n".join([
        "# Written by tools/build_mlir_kernels.py: the tools and the exact commands that built dxlinalg/samples/mlir/ and",
        "# hardware/nvidia-h100/mlir/vmfb/ (run from the repository root).", "", *versions(compile_tool), "",
        f"CUDA target: {CUDA_TARGET} (IREE 3.13 rejects sm_90: 'missing GPU target in #hal.executable.target'; the",
        "vmfb embeds PTX for sm_80 that the driver JIT-compiles for the H200).", "", *command_lines])
    if args.only:
        outputs = {p: d for p, d in outputs.items() if not p.endswith(("manifest.json", "COMMANDS.txt"))}
        committed = {k["name"]: k for k in json.loads((KERNELS / "manifest.json").read_text())["kernels"]}
        if manifests[0] != committed.get(args.only):
            print(f"stale: manifest entry of {args.only}")
            return 1
    if args.check:
        stale = [p for p, data in outputs.items() if not (ROOT / p).exists() or
                 (ROOT / p).read_bytes() != (data if isinstance(data, bytes) else data.encode())]
        if stale:
            print("stale:", *stale, sep="\n  ")
            return 1
        print("up to date")
        return 0
    for path, data in outputs.items():
        target = ROOT / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data if isinstance(data, bytes) else data.encode())
    print(f"wrote {len(outputs)} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Compile Slang's own Vulkan compute tests (shader-slang/slang tests/cooperative-vector,
tests/cooperative-matrix, tests/hlsl-intrinsic bfloat16/fp8) to SPIR-V and record how Slang's
render-test binds them, so that the same module and buffers run on the H200 (vkrun) and through
`dxlinalg.spirv.run` (tests/hardware_replay), for the permissive-mode byte-equality figure.

Only the modules are committed (slang/*.spv) with manifest.json: test path, Slang commit, the
`//TEST` arguments, the compile command, every buffer's binding, size and initial words (from the
test's `//TEST_INPUT: ubuffer(...)` lines, packed as render-test packs them: one value a word,
or 2/4 a word for stride 2/1; size max(words, count x stride) rounded up to a word). Tests with
other inputs (uniforms, textures, push constants) are listed as skipped with the reason.

    /work/venv/bin/python hardware/devrun/faithful/slang_tests.py SLANG_CHECKOUT_GIT_DIR
"""

from __future__ import annotations

import ctypes
import json
import re
import shlex
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(REPO / "dxlinalg" / "samples" / "spirv"))
import build as samples

FOLDERS = ("tests/cooperative-vector", "tests/cooperative-matrix")
EXTRA = ("tests/hlsl-intrinsic/scalar-fp8.slang",)
HALF = struct.Struct("<e")


def git_files(git_dir: Path) -> list[str]:
    out = subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-r", "--name-only", "HEAD", *FOLDERS],
                         check=True, capture_output=True, text=True).stdout.split()
    extra = subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-r", "--name-only", "HEAD", "tests/hlsl-intrinsic"],
                           check=True, capture_output=True, text=True).stdout.split()
    extra = [p for p in extra if "bfloat16" in p.lower() or p in EXTRA]
    return sorted(p for p in out + extra if p.endswith(".slang"))


def parse_value(token: str) -> int:
    negate = token.startswith("-")
    body = token[1:] if negate else token
    if body.endswith("h"):
        bits = HALF.pack(-float(body[:-1]) if negate else float(body[:-1]))
        return int.from_bytes(bits, "little")
    if re.fullmatch(r"0[xX][0-9a-fA-F]+|[0-9]+", body):
        value = int(body, 0) & 0xFFFFFFFF
        return (-value) & 0xFFFFFFFF if negate else value
    value = float(body)
    return struct.unpack("<I", struct.pack("<f", -value if negate else value))[0]


def parse_ubuffer(line: str) -> dict | None:
    """A `//TEST_INPUT:ubuffer(...)[:out],name=X` line (render-test's syntax), or None."""
    found = re.match(r"//\s*TEST_INPUT:\s*ubuffer\((.*)\)\s*(:\s*out)?\s*[,:]\s*name\s*=\s*([A-Za-z_][A-Za-z_0-9.]*)\s*$", line)
    if not found:
        return None
    body, out, name = found.groups()
    data: list[int] = []
    got = re.search(r"data\s*=\s*\[([^\]]*)\]", body)
    if got:
        data = [parse_value(t) for t in got.group(1).split()]
        body = body.replace(got.group(0), "")
    options = dict(re.findall(r"(\w+)\s*=\s*(\w+)", body))
    stride = int(options.get("stride", 0))
    count = int(options.get("count", 1))
    if stride in (1, 2):
        per = 4 // stride
        mask = (1 << (8 * stride)) - 1
        data = [sum((data[i + j] & mask) << (8 * stride * j) for j in range(per) if i + j < len(data))
                for i in range(0, len(data), per)]
    size = max(4 * len(data), count * stride)
    size = -(-size // 4) * 4
    return {"name": name, "out": bool(out), "words": data, "size": size}


def interface(spirv: bytes) -> dict[str, tuple[int, int, int]]:
    """name -> (set, binding, storage class) of the module's variables with a binding."""
    words = struct.unpack(f"<{len(spirv) // 4}I", spirv)
    names, sets, bindings, storage = {}, {}, {}, {}
    i = 5
    while i < len(words):
        count, op = words[i] >> 16, words[i] & 0xFFFF
        if op == 5:      # OpName
            raw = struct.pack(f"<{count - 2}I", *words[i + 2:i + count])
            names[words[i + 1]] = raw.split(b"\0")[0].decode()
        elif op == 71:   # OpDecorate
            if words[i + 2] == 34:
                sets[words[i + 1]] = words[i + 3]
            elif words[i + 2] == 33:
                bindings[words[i + 1]] = words[i + 3]
        elif op == 59:   # OpVariable
            storage[words[i + 2]] = words[i + 3]
        i += count
    return {names.get(v, f"%{v}"): (sets.get(v, 0), bindings[v], storage.get(v, -1)) for v in bindings}


def vk_test_lines(text: str) -> list[list[str]]:
    runs = []
    for line in text.splitlines():
        found = re.match(r"//TEST\(compute[^)]*\):COMPARE_COMPUTE[^:]*:(.*)$", line)
        if found and "-vk" in found.group(1).split():
            runs.append(shlex.split(found.group(1)))
    return runs


def slang_options(arguments: list[str]) -> tuple[list[str], str]:
    """render-test arguments -> (slang arguments, entry point)."""
    out, entry, i = [], "computeMain", 0
    while i < len(arguments):
        a = arguments[i]
        if a in ("-Xslang", "-xslang") and i + 1 < len(arguments):
            out.append(arguments[i + 1])
            i += 2
            continue
        if a == "-entry":
            entry = arguments[i + 1]
            i += 2
            continue
        if a == "-capability":
            out += ["-capability", arguments[i + 1]]
            i += 2
            continue
        if a in ("-render-feature", "-render-features", "-profile"):
            i += 2
            continue
        i += 1
    return out, entry


def compile_slang(source: Path, entry: str, options: list[str]) -> bytes:
    library = samples._slang_library()
    session = library.spCreateSession(None)
    request = library.spCreateCompileRequest(session)
    try:
        with tempfile.TemporaryDirectory() as scratch:
            arguments = [str(source), "-target", "spirv", "-entry", entry, "-stage", "compute",
                         "-emit-spirv-directly", *options, "-o", str(Path(scratch) / "unused.spv")]
            argv = (ctypes.c_char_p * len(arguments))(*[a.encode() for a in arguments])
            if library.spProcessCommandLineArguments(request, argv, len(arguments)) != 0:
                raise samples.BuildError((library.spGetDiagnosticOutput(request) or b"").decode())
            status = library.spCompile(request)
            size = ctypes.c_size_t()
            code = library.spGetEntryPointCode(request, 0, ctypes.byref(size))
            if status != 0 or not code:
                raise samples.BuildError((library.spGetDiagnosticOutput(request) or b"").decode()[:400])
            return ctypes.string_at(code, size.value)
    finally:
        library.spDestroyCompileRequest(request)
        library.spDestroySession(session)


def main(git_dir: Path) -> int:
    commit = subprocess.run(["git", "--git-dir", str(git_dir), "rev-parse", "HEAD"], check=True,
                            capture_output=True, text=True).stdout.strip()
    out = HERE / "slang"
    for old in out.glob("*.spv"):
        old.unlink()
    manifest = {"slang_commit": commit, "compiler": samples.compiler_versions()["slang"], "tests": [], "skipped": []}
    with tempfile.TemporaryDirectory() as scratch:
        for path in git_files(git_dir):
            text = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"HEAD:{path}"], check=True,
                                  capture_output=True, text=True).stdout
            source = Path(scratch) / Path(path).name
            source.write_text(text)
            inputs = [line for line in text.splitlines() if re.match(r"//\s*TEST_INPUT", line)]
            buffers = [parse_ubuffer(line) for line in inputs]
            for variant, arguments in enumerate(vk_test_lines(text)):
                key = f"{Path(path).parent.name}__{Path(path).stem}__{variant}".replace("-", "_")
                if any(b is None for b in buffers):
                    manifest["skipped"].append({"test": path, "variant": variant, "why": "an input other than ubuffer"})
                    continue
                options, entry = slang_options(arguments)
                try:
                    spirv = compile_slang(source, entry, options)
                except samples.BuildError as error:
                    manifest["skipped"].append({"test": path, "variant": variant, "why": f"slang: {str(error)[:200]}"})
                    continue
                names = interface(spirv)
                if any(b["name"] not in names for b in buffers) and len(buffers) == len(names):
                    # render-test falls back to declaration order when a name= matches no parameter
                    order = sorted(names.items(), key=lambda item: item[1][:2])
                    buffers = [{**b, "name": n} for b, (n, _) in zip(buffers, order)]
                bound, why = [], None
                for b in buffers:
                    where = names.get(b["name"])
                    if where is None:
                        continue          # not used by the module
                    if where[2] not in (12, 2):
                        why = f"{b['name']} has storage class {where[2]}"
                    bound.append({**b, "set": where[0], "binding": where[1]})
                missing = [n for n, w in names.items() if (w[0], w[1]) not in {(b["set"], b["binding"]) for b in bound}]
                if why or missing:
                    manifest["skipped"].append({"test": path, "variant": variant, "why": why or f"unbound {missing}"})
                    continue
                (out / f"{key}.spv").write_bytes(spirv)
                manifest["tests"].append({
                    "key": key, "test": path, "variant": variant, "arguments": arguments, "entry": entry,
                    "command": ["slangc", path, "-target", "spirv", "-entry", entry, "-stage", "compute",
                                "-emit-spirv-directly", *options],
                    "buffers": bound})
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"{len(manifest['tests'])} test modules, {len(manifest['skipped'])} skipped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))

"""Mesa's lavapipe (Vulkan on the CPU) as a development peer: fetch it, build vkrun against it, run modules.

The peer a user would pick instead of dxlinalg for plain SPIR-V compute and KHR cooperative matrices runs
the same `.spv` on the same machine: the L benchmarks time both, and a developer gets a second opinion on
a module's outputs. Development-only: nothing in the package or in CI needs it.

    python -m benchmarks.lavapipe fetch [--cache DIR]     # download, unpack, build vkrun (about 80 MB)
    python -m benchmarks.lavapipe info [--cache DIR]      # device, driver, cooperative-matrix combinations
    python -m benchmarks.lavapipe run JOBS.txt OUT_DIR    # any vkrun job file (hardware/nvidia-h100/spirv/README.md)

Lavapipe comes from Debian unstable's `mesa-vulkan-drivers` (Mesa 26.2.6 lists VK_KHR_cooperative_matrix):
apt-get resolves it and every library it needs against an empty dpkg status, in its own state folders (the
machine's apt configuration is not touched), downloads them only, and `dpkg -x` unpacks each into one
root. That root has its own glibc, newer than the machine's, so every program runs through the unpacked
dynamic loader: `ROOT/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 --library-path ROOT/usr/lib/... vkrun`.
vkrun (`hardware/nvidia-h100/spirv/vkrun.c`) is built with the machine's gcc against the unpacked Vulkan
headers; it dlopens the unpacked loader, which finds lavapipe through `VK_DRIVER_FILES`.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
VKRUN_SOURCE = REPO / "hardware" / "nvidia-h100" / "spirv" / "vkrun.c"
DEFAULT_CACHE = REPO / "build" / "lavapipe"          # build/ is git-ignored
CACHE_VARIABLE = "DXLINALG_LAVAPIPE"                  # another cache folder
SUITE = "unstable"
MIRROR = "http://deb.debian.org/debian"
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"
PACKAGES = ("mesa-vulkan-drivers", "libvulkan1", "libvulkan-dev")
LIBRARY_DIRS = ("usr/lib/x86_64-linux-gnu", "lib/x86_64-linux-gnu")
ICD = "usr/share/vulkan/icd.d/lvp_icd.json"
READY = "ready"                                       # written last by fetch: the cache is complete

BufferKey = tuple[int, int]
_RUN_LINE = re.compile(r"^run (\S+): module .* r=(-?\d+) pipeline ([0-9.]+) s, first dispatch ([0-9.]+) s")


class LavapipeError(RuntimeError):
    """Fetching, building or running lavapipe failed; the message holds the tool's own output."""


def cache_folder(cache: str | Path | None = None) -> Path:
    """The folder lavapipe is (to be) unpacked in: the argument, $DXLINALG_LAVAPIPE, or build/lavapipe."""
    return Path(cache or os.environ.get(CACHE_VARIABLE) or DEFAULT_CACHE).resolve()


def _apt_options(cache: Path) -> list[str]:
    """apt options that keep every list, state and download in the cache folder, with an empty dpkg status."""
    apt = cache / "apt"
    return ["-o", f"Dir::State={apt}/state", "-o", f"Dir::State::status={apt}/state/status",
            "-o", f"Dir::Cache={apt}/cache", "-o", f"Dir::Etc::SourceList={apt}/sources.list",
            "-o", f"Dir::Etc::SourceParts={apt}/sources.list.d", "-o", f"Dir::Etc::Preferences={apt}/preferences",
            "-o", f"Dir::Etc::PreferencesParts={apt}/preferences.d", "-o", "APT::Architectures=amd64",
            "-o", "Debug::NoLocking=1"]


def _check(command: Sequence[str], **kwargs: object) -> str:
    result = subprocess.run(list(command), capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        raise LavapipeError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return str(result.stdout)


def fetch(cache: str | Path | None = None, log: bool = True) -> Path:
    """Download lavapipe and its libraries from Debian unstable, unpack them, build vkrun; return the cache."""
    folder = cache_folder(cache)
    say = print if log else (lambda *_: None)
    apt = folder / "apt"
    for sub in ("state/lists/partial", "cache/archives/partial", "sources.list.d", "preferences.d"):
        (apt / sub).mkdir(parents=True, exist_ok=True)
    (apt / "state" / "status").write_text("")
    (apt / "sources.list").write_text(f"deb [signed-by={KEYRING}] {MIRROR} {SUITE} main\n")
    options = _apt_options(folder)
    say(f"apt-get update ({SUITE}) into {apt}")
    _check(["apt-get", *options, "update"])
    say(f"apt-get install --download-only {' '.join(PACKAGES)}")
    _check(["apt-get", *options, "install", "-y", "--download-only", "--no-install-recommends", *PACKAGES])
    root = folder / "root"
    if root.exists():
        shutil.rmtree(root)
    root.mkdir()
    debs = sorted((apt / "cache" / "archives").glob("*.deb"))
    say(f"dpkg -x {len(debs)} packages into {root}")
    for deb in debs:
        _check(["dpkg", "-x", str(deb), str(root)])
    build(folder)
    (folder / READY).write_text(version(folder) + "\n")
    say(f"ready: {version(folder)}")
    return folder


def build(folder: Path) -> Path:
    """Compile vkrun with the machine's gcc against the unpacked Vulkan headers."""
    binary = folder / "vkrun"
    _check(["gcc", "-O2", "-Wall", "-Wno-missing-field-initializers", f"-I{folder / 'root' / 'usr' / 'include'}",
            "-o", str(binary), str(VKRUN_SOURCE), "-ldl"])
    return binary


def version(folder: Path) -> str:
    """The unpacked mesa-vulkan-drivers package's version, from its file name."""
    debs = sorted((folder / "apt" / "cache" / "archives").glob("mesa-vulkan-drivers_*.deb"))
    return debs[-1].name.split("_")[1] if debs else "unknown"


@dataclass(frozen=True)
class Lavapipe:
    """An unpacked lavapipe with a built vkrun: runs job files through the unpacked dynamic loader."""

    folder: Path

    @classmethod
    def find(cls, cache: str | Path | None = None) -> Lavapipe | None:
        """The fetched lavapipe, or None when `fetch` has not completed in that folder."""
        folder = cache_folder(cache)
        return cls(folder) if (folder / READY).exists() and (folder / "vkrun").exists() else None

    @property
    def version(self) -> str:
        return (self.folder / READY).read_text().strip()

    def command(self, arguments: Sequence[str]) -> tuple[list[str], dict[str, str]]:
        """The command line and environment that run vkrun on lavapipe."""
        root = self.folder / "root"
        libraries = ":".join(str(root / d) for d in LIBRARY_DIRS)
        loader = root / LIBRARY_DIRS[0] / "ld-linux-x86-64.so.2"
        environment = {**os.environ, "VK_DRIVER_FILES": str(root / ICD), "VK_ICD_FILENAMES": str(root / ICD)}
        return [str(loader), "--library-path", libraries, str(self.folder / "vkrun"), *arguments], environment

    def run_jobs(self, jobs: Path, out: Path) -> str:
        """Run a vkrun job file; return its log (OUT/log.txt)."""
        out.mkdir(parents=True, exist_ok=True)
        command, environment = self.command([str(jobs), str(out)])
        _check(command, env=environment, cwd=jobs.parent)
        return (out / "log.txt").read_text()

    def dispatch(self, module: Path, groups: tuple[int, int, int], buffers: Mapping[BufferKey, np.ndarray | int],
                 push_constants: bytes | None = None, repeats: int = 5) -> LavapipeResult:
        """Run one module `repeats` times (each a fresh pipeline and buffers); the best dispatch time and
        the buffers after the first run. A buffer given as an int is that many zero bytes."""
        with tempfile.TemporaryDirectory(prefix="lavapipe-") as scratch:
            work = Path(scratch)
            lines = []
            for index in range(repeats):
                lines += [f"run r{index}", f"module {module.resolve()}"]
                for (set_, binding), value in buffers.items():
                    if isinstance(value, (int, np.integer)):
                        lines.append(f"buffer {set_} {binding} {int(value)} -")
                    else:
                        path = work / f"in.s{set_}b{binding}.bin"
                        if index == 0:
                            np.ascontiguousarray(value).tofile(path)
                        lines.append(f"buffer {set_} {binding} {np.asarray(value).nbytes} {path.name}")
                if push_constants:
                    if index == 0:
                        (work / "push.bin").write_bytes(push_constants)
                    lines.append("push push.bin")
                lines += [f"dispatch {groups[0]} {groups[1]} {groups[2]}", "end"]
            (work / "jobs.txt").write_text("\n".join(lines) + "\n")
            log = self.run_jobs(work / "jobs.txt", work / "out")
            seconds = []
            for line in log.splitlines():
                match = _RUN_LINE.match(line)
                if match:
                    if int(match.group(2)) != 0:
                        raise LavapipeError(f"lavapipe rejected {module.name}: {line}")
                    seconds.append(float(match.group(4)))
            if len(seconds) != repeats:
                raise LavapipeError(f"vkrun ran {len(seconds)} of {repeats} runs of {module.name}:\n{log}")
            outputs = {key: (work / "out" / f"r0.s{key[0]}b{key[1]}.bin").read_bytes() for key in buffers}
            device = next((line for line in log.splitlines() if line.startswith("driver:")), "driver: unknown")
        return LavapipeResult(min(seconds), outputs, device.removeprefix("driver: "))


@dataclass(frozen=True)
class LavapipeResult:
    seconds: float                       # the best vkrun dispatch time (submit to fence, one dispatch)
    outputs: dict[BufferKey, bytes]      # every buffer's bytes after the first run
    driver: str                          # the driver line of vkrun's log


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lavapipe", description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", help=f"cache folder (default ${CACHE_VARIABLE} or build/lavapipe)")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("fetch", help="download, unpack and build vkrun")
    commands.add_parser("info", help="run vkrun with no jobs and print its device log")
    run_parser = commands.add_parser("run", help="run a vkrun job file on lavapipe")
    run_parser.add_argument("jobs")
    run_parser.add_argument("out")
    args = parser.parse_args(argv)
    if args.command == "fetch":
        fetch(args.cache)
        return 0
    lavapipe = Lavapipe.find(args.cache)
    if lavapipe is None:
        print(f"lavapipe is not installed in {cache_folder(args.cache)}: python -m benchmarks.lavapipe fetch",
              file=sys.stderr)
        return 2
    if args.command == "info":
        with tempfile.TemporaryDirectory() as scratch:
            (Path(scratch) / "jobs.txt").write_text("")
            print(lavapipe.run_jobs(Path(scratch) / "jobs.txt", Path(scratch) / "out"), end="")
        return 0
    print(lavapipe.run_jobs(Path(args.jobs).resolve(), Path(args.out).resolve()), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())

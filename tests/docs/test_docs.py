"""The documentation is tested: every `docs/*.md` runs as written.

- ```python blocks of one file run in order in one fresh namespace (cwd: a temp dir), so a
  document's snippets build on each other. Fragments that cannot run are fenced ```text,
  ```hlsl, ```cpp, ```bash or ```json instead; an unlabelled fence is an error.
- ```console lines `$ dxlinalg ARGS` run as `python -m dxlinalg ARGS` would, and `$ python -m ...`
  lines (the samples) as `python -m` runs them, in this process (run_in_process says why), in the
  same temp dir, after the python blocks above them (which may write their input files); other `$` lines (pip, venv) are not run. They must exit 0,
  unless the output pasted under the line shows `dxlinalg COMMAND: error: ...`: then the exit
  code must be 2 and stderr must say exactly that line. `conformance --all` is not run: at about 10 s it
  would take this test past its budget (the doc's `--profile minimal` line runs the same suite).
- Every relative link resolves (a file of the repository; `#anchor`s to headings of .md files),
  and `index.md` links every other document. Links to the documents in PENDING_DOCS only warn
  while those are still being written.
- Nothing in the docs or the README points outside the repository (users have only the checkout):
  no link or `../` path in a code span leads out of it or to a file it lacks, and no absolute or
  `file:` link. Public specs are cited by name.
- The shader guide lists every `DATA_TYPE_*` and `MATRIX_LAYOUT_*` name `dxlinalg.hlsl` exports.
"""

from __future__ import annotations

import contextlib
import io
import re
import runpy
import shlex
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest

from dxlinalg.cli import main

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
DOC_FILES = sorted(DOCS.glob("*.md"))
FENCE_LANGUAGES = {"python", "console", "text", "hlsl", "cpp", "bash", "json"}
NOT_RUN = ("conformance --all",)  # every profile: ~10 s
# Documents other engineers are writing: links to them may dangle (with a warning) until they exist.
PENDING_DOCS: set[str] = set()   # documents linked before they are written (none now)
# Documents whose owners are still removing paths to the workspace outside the checkout: warn only.


@dataclass(frozen=True)
class Block:
    language: str
    first_line: int  # 1-based line number of the first line inside the fence
    text: str


def fenced_blocks(path: Path) -> list[Block]:
    """The fenced code blocks of a Markdown file, in order."""
    blocks: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    opening: tuple[str, int] | None = None
    body: list[str] = []
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if opening is None:
            if stripped.startswith("```"):
                opening, body = (stripped[3:].strip(), number + 1), []
        elif stripped == "```":
            blocks.append(Block(opening[0], opening[1], "\n".join(body) + "\n"))
            opening = None
        else:
            body.append(line)
    assert opening is None, f"{path.name}: the fence opened at line {opening[1] - 1} is never closed"
    return blocks


def heading_anchors(path: Path) -> set[str]:
    """GitHub's anchors for the headings of a Markdown file."""
    anchors: set[str] = set()
    in_fence = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("```"):
            in_fence = not in_fence
        elif not in_fence and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"\s", "-", re.sub(r"[^\w\- ]", "", title)))
    return anchors


def relative_links(path: Path) -> list[tuple[int, str]]:
    """(line, target) of every Markdown link that is not a URL, outside code blocks and code spans."""
    links = []
    in_fence = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip().startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for target in re.findall(r"\]\(([^)\s]+)\)", re.sub(r"`[^`]*`", "", line)):
            if not re.match(r"[a-z][a-z0-9+.-]*:", target):
                links.append((number, target))
    return links


def run_in_process(argv: list[str]) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `python ARGV` (`-m dxlinalg ...` or `-m MODULE ...`), run in this process.

    Starting an interpreter costs about a second of CPU (importing numpy, ml_dtypes and pydantic) for each of the
    docs' fifty-odd command lines; in-process, a line costs only its own work. What a command does is the same:
    `python -m dxlinalg` is `dxlinalg.cli.main` (tests/test_package.py runs the real module entry point), and a
    sample runs as `runpy` runs it for `python -m`, with its own `sys.argv`. Exit codes follow the interpreter's:
    `sys.exit(None)` is 0, `sys.exit(str)` prints the text and is 1; an uncaught exception fails the test."""
    out, err = io.StringIO(), io.StringIO()
    module, args = argv[1], argv[2:]
    saved_argv = sys.argv
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            if module == "dxlinalg":
                code = main(args)
            else:
                sys.argv = [module, *args]
                with warnings.catch_warnings():       # 'found in sys.modules': a test imported it before
                    warnings.filterwarnings("ignore", message=".*found in sys.modules.*", category=RuntimeWarning)
                    runpy.run_module(module, run_name="__main__", alter_sys=True)
                code = 0
        except SystemExit as exit_info:
            if exit_info.code is None or isinstance(exit_info.code, int):
                code = exit_info.code or 0
            else:
                print(exit_info.code, file=sys.stderr)
                code = 1
        finally:
            sys.argv = saved_argv
    return code, out.getvalue(), err.getvalue()


def run_console_block(doc: Path, block: Block) -> None:
    lines = block.text.splitlines()
    commands = [i for i, line in enumerate(lines) if line.startswith("$ ")]
    for position, index in enumerate(commands):
        command = lines[index][2:]
        words = shlex.split(command)
        if words[0] == "dxlinalg" and len(words) > 1:
            argv, error_prefix = ["-m", "dxlinalg", *words[1:]], f"dxlinalg {words[1]}: error:"
        elif words[:2] == ["python", "-m"]:
            argv, error_prefix = words[1:], None
        else:
            continue  # pip, venv, ...: not run here
        if any(skip in command for skip in NOT_RUN):
            continue
        output = lines[index + 1: commands[position + 1] if position + 1 < len(commands) else len(lines)]
        error_lines = [line for line in output if error_prefix and line.startswith(error_prefix)]
        returncode, stdout, stderr = run_in_process(argv)
        where = f"{doc.name}:{block.first_line + index}: $ {command}"
        if error_lines:
            assert returncode == 2, f"{where}: exit code {returncode}, the doc shows an error\n{stdout}{stderr}"
            assert error_lines[0] in stderr.splitlines(), \
                f"{where}: the doc says\n{error_lines[0]}\nbut stderr is\n{stderr}"
        else:
            assert returncode == 0, f"{where}: exit code {returncode}\n{stdout}{stderr}"


@pytest.mark.parametrize("doc", DOC_FILES, ids=lambda p: p.name)
def test_code_blocks_run_in_order(doc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(REPO))
    namespace: dict[str, object] = {"__name__": f"docs_{doc.stem.replace('-', '_')}"}
    for block in fenced_blocks(doc):
        assert block.language in FENCE_LANGUAGES, (
            f"{doc.name}:{block.first_line - 1}: fence language {block.language!r}; label every block "
            f"({', '.join(sorted(FENCE_LANGUAGES))}) so the test knows whether to run it")
        if block.language == "python":
            # Leading newlines make tracebacks point at the Markdown file's own line numbers.
            code = compile("\n" * (block.first_line - 1) + block.text, str(doc), "exec")
            exec(code, namespace)  # noqa: S102  (running the docs is the point)
        elif block.language == "console":
            run_console_block(doc, block)


@pytest.mark.parametrize("doc", DOC_FILES, ids=lambda p: p.name)
def test_relative_links_resolve(doc: Path) -> None:
    broken = []
    for line, target in relative_links(doc):
        file_part, _, anchor = target.partition("#")
        resolved = (doc.parent / file_part).resolve() if file_part else doc
        if not resolved.exists():
            if resolved.parent == DOCS and resolved.name in PENDING_DOCS:
                warnings.warn(f"{doc.name}:{line}: {target} is not written yet")
                continue
            broken.append(f"{doc.name}:{line}: {target} (no such file)")
        elif anchor and resolved.suffix == ".md" and anchor not in heading_anchors(resolved):
            broken.append(f"{doc.name}:{line}: {target} (no heading #{anchor} in {resolved.name})")
    assert not broken, "\n".join(broken)


def test_index_links_every_document() -> None:
    index = DOCS / "index.md"
    linked = {(DOCS / target.partition("#")[0]).resolve() for _, target in relative_links(index)}
    missing = [doc.name for doc in DOC_FILES if doc != index and doc.resolve() not in linked]
    assert not missing, f"docs/index.md does not link {', '.join(missing)}"


def code_span_paths(path: Path) -> list[tuple[int, str]]:
    """(line, path) of every code span outside code blocks whose text starts with `../`."""
    paths = []
    in_fence = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip().startswith("```"):
            in_fence = not in_fence
        elif not in_fence:
            paths += [(number, span.split()[0]) for span in re.findall(r"`([^`]+)`", line) if span.startswith("../")]
    return paths


def outside_references(path: Path) -> list[str]:
    """Links and `../` code-span paths of one Markdown file that lead out of the repository."""
    found = []
    for number, target in relative_links(path) + code_span_paths(path):
        resolved = (path.parent / target.partition("#")[0]).resolve()
        if resolved.parent == DOCS and resolved.name in PENDING_DOCS and not resolved.exists():
            continue    # test_relative_links_resolve warns about it
        if target.startswith("/") or not resolved.is_relative_to(REPO) or not resolved.exists():
            found.append(f"{path.name}:{number}: {target} (not a file of the repository)")
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for target in re.findall(r"\]\((file:[^)\s]+)\)", re.sub(r"`[^`]*`", "", line)):
            found.append(f"{path.name}:{number}: {target} (a file on the writer's machine)")
    return found


@pytest.mark.parametrize("doc", [*DOC_FILES, REPO / "README.md"], ids=lambda p: p.name)
def test_nothing_points_outside_the_repository(doc: Path) -> None:
    found = outside_references(doc)
    assert not found, "cite public specs by name; users have no files outside the checkout:\n" + "\n".join(found)


def test_the_outside_reference_check_catches_each_form(tmp_path: Path) -> None:
    page = tmp_path / "docs" / "page.md"
    page.parent.mkdir()
    page.write_text("[spec](../../shared/spec/d3d12_hlsl.md) and `../shared/spec/d3d12_hlsl.md` §1,\n"
                    "[abs](/work/shared/x.md), [file](file:///etc/passwd), [ok](https://example.org/spec)\n")
    found = outside_references(page)
    assert len(found) == 4 and not any("example.org" in f for f in found), found


def test_shader_guide_lists_every_data_type_and_matrix_layout() -> None:
    from dxlinalg import hlsl

    exported = {name for name in hlsl.__all__ if name.startswith(("DATA_TYPE_", "MATRIX_LAYOUT_"))}
    guide = (DOCS / "shader-guide.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"\b(?:DATA_TYPE|MATRIX_LAYOUT)_[A-Z0-9_]*[A-Z0-9]", guide))
    assert exported - listed == set(), f"shader-guide.md does not list {sorted(exported - listed)}"
    assert listed - exported == set(), f"shader-guide.md names {sorted(listed - exported)}, which dxlinalg.hlsl lacks"

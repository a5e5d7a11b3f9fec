"""The sample scripts reject bad command lines with argparse errors (exit 2, usage, one line naming the
option), never with a traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

from dxlinalg.samples import mlp_inference, mlp_training, seed_usage_examples

ROOT = Path(__file__).resolve().parents[2]
FILE = str(Path(__file__))  # exists, and is not a folder

BAD = [
    (mlp_inference, ["--size", "0"], "argument --size: 0 is not in [1, 4096]"),
    (mlp_inference, ["--size", "4097"], "argument --size: 4097 is not in [1, 4096]"),
    (mlp_inference, ["--size", "1.5"], "argument --size: '1.5' is not an integer"),
    (mlp_inference, ["--profile", "no-such-profile"], "argument --profile: profile "),
    (mlp_inference, ["--variant", "fp64"], "argument --variant: invalid choice: 'fp64'"),
    (mlp_inference, ["--out", FILE], f"argument --out: {FILE!r} exists and is not a folder"),
    (mlp_training, ["--steps", "0"], "argument --steps: 0 is not in [1, 100000]"),
    (mlp_training, ["--batch", "-3"], "argument --batch: -3 is not in [1, 1048576]"),
    (mlp_training, ["--size", "x"], "argument --size: 'x' is not an integer"),
    (mlp_training, ["--size", "٣"], "argument --size: '٣' is not an integer written with the digits 0-9"),
    (mlp_training, ["--learning-rate", "١e-2"], "argument --learning-rate: '١e-2' is not a number written with"),
    (mlp_training, ["--learning-rate", "nan"], "argument --learning-rate: 'nan' must be a finite number above 0"),
    (mlp_training, ["--learning-rate", "-1"], "argument --learning-rate: '-1' must be a finite number above 0"),
    (mlp_training, ["--out", ""], "argument --out: the folder name is empty"),
    (mlp_training, ["--profile", "missing.json"], "argument --profile: profile "),
    (seed_usage_examples, ["no-such-profile"], "argument PROFILE: profile "),
    (seed_usage_examples, ["--verbose"], "unrecognized arguments: --verbose"),
]


@pytest.mark.parametrize("sample,argv,text", BAD, ids=[f"{s.__name__.split('.')[-1]} {' '.join(a)}" for s, a, _ in BAD])
def test_bad_arguments_are_argparse_errors(sample, argv, text, capsys):
    with pytest.raises(SystemExit) as exit_info:
        sample.main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: ") and f"error: {text}" in err and argv[-1] in err, err
    assert len(err.strip().splitlines()[-1]) < 400


def test_a_profile_file_that_does_not_load_is_an_argparse_error(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text('{"name": "broken"')
    with pytest.raises(SystemExit) as exit_info:
        mlp_training.main(["--profile", str(broken)])
    assert exit_info.value.code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert "error: argument --profile: " in last


def test_a_script_run_as_a_module_prints_no_traceback():
    result = subprocess.run([sys.executable, "-m", "dxlinalg.samples.mlp_inference", "--size", "-1"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "error: argument --size: -1 is not in [1, 4096]" in result.stderr

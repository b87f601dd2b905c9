"""The README's example runs as written."""

import pathlib
import re

import pytest

pytest.importorskip("pyspiel")


def test_readme_example_runs(capsys):
    readme = pathlib.Path(__file__).resolve().parent.parent / "README.md"
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(), re.S)
    assert blocks, "the README has a Python example"
    exec(compile(blocks[0], "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("(1024, 7, 9, 9) (1024, 81)")
    assert "[1.0, -1.0]" in out or "[-1.0, 1.0]" in out or "[0.0, 0.0]" in out

# The generated files in hardware/ are what the generator makes now, byte for byte,
# and the generator makes the same bytes every time.
from pathlib import Path

from fireice_hw import outputs

HW = Path(__file__).resolve().parents[2] / "hardware"


def test_generated_files_are_up_to_date(generated):
    files, _ = generated
    assert sorted(files) == outputs.names()
    assert outputs.stale(files, HW) == [], "run: python hardware/build.py"


def test_a_changed_file_is_noticed(generated, tmp_path):
    files, _ = generated
    outputs.write(files, tmp_path)
    assert outputs.stale(files, tmp_path) == []
    path = tmp_path / "bom.md"
    path.write_text(path.read_text(encoding="utf-8") + "edited\n", encoding="utf-8")
    (tmp_path / "power.json").unlink()
    assert outputs.stale(files, tmp_path) == ["bom.md", "power.json"]


def test_the_build_is_repeatable_and_leaves_nothing_behind(generated, tmp_path, monkeypatch):
    files, _ = generated
    # SKiDL writes log files into the working directory unless told not to
    monkeypatch.chdir(tmp_path)
    again, _ = outputs.generate()
    assert again == files
    assert list(tmp_path.iterdir()) == []

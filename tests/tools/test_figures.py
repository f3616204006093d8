"""What the tools share: percentiles, their own sections of docs/performance.md, and scratch databases."""

import math

import pytest

from tools import figures, scratch


def test_percentiles_are_nearest_rank_in_milliseconds():
    seconds = [0.004, 0.001, 0.003, 0.002]
    assert [figures.percentile(seconds, q) for q in (25, 50, 75, 100)] == [1.0, 2.0, 3.0, 4.0]
    assert math.isnan(figures.percentile([], 50))


def test_write_section_replaces_only_its_own_part(tmp_path):
    doc = tmp_path / "docs" / "performance.md"
    figures.write_section(doc, "first figures", "loadbench")
    assert doc.read_text().startswith("# Performance\n") and "first figures" in doc.read_text()

    doc.write_text(doc.read_text() + "\n## Rules engines\n\nother helper's figures\n")
    figures.write_section(doc, "second figures", "loadbench")

    text = doc.read_text()
    assert "first figures" not in text and "second figures" in text and "other helper's figures" in text
    assert text.count("<!-- loadbench:start -->") == text.count("<!-- loadbench:end -->") == 1


def test_each_command_writes_only_its_own_section(tmp_path):
    doc = tmp_path / "performance.md"
    figures.write_section(doc, "load figures", "loadbench")
    figures.write_section(doc, "failure figures", "failurecheck")
    figures.write_section(doc, "new failure figures", "failurecheck")
    text = doc.read_text()
    assert "load figures" in text and "new failure figures" in text and "\nfailure figures" not in text
    assert text.count("<!-- failurecheck:start -->") == text.count("<!-- failurecheck:end -->") == 1


def test_a_scratch_database_must_say_so_in_its_name(tmp_path):
    with pytest.raises(SystemExit):
        scratch.open_database("sqlite:///" + str(tmp_path / "db.sqlite3"), tmp_path, "loadbench")

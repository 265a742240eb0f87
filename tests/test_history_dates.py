"""A hand's date in UTC, from every site's way of writing it (engine/history/dates.py): OHH's start_date_utc
was 2000-01-01 for every log that was not OHH itself (issue 25, the newcomer's trial, defect 3)."""

from __future__ import annotations

import json

import pytest

from engine.history import HandRecord
from engine.history.dates import record_date_utc, utc_iso
from engine.history.files import read_history
from engine.history.ohh import write_ohh
from tests.samples import DATA, sample_files, site_of


@pytest.mark.parametrize(
    ("text", "utc"),
    [
        ("2014/01/05 20:07:13 ET", "2014-01-06T01:07:13"),  # Eastern standard time: UTC-5
        ("2014/07/04 17:21:07 ET", "2014-07-04T21:21:07"),  # Eastern daylight time: UTC-4
        ("2007/03/11 - 22:14:09 (ET)", "2007-03-12T02:14:09"),  # old PokerStars, the day DST began
        ("2014/01/05 2:07:13 CET [2014/01/04 20:07:13 ET]", "2014-01-05T01:07:13"),
        ("2026/03/07 04:59:57 UTC", "2026-03-07T04:59:57"),
        ("Tuesday, March 04, 21:40:52 EDT 2014", "2014-03-05T01:40:52"),  # PartyPoker
        ("Sat Jan 22 19:05:41 GMT+0100 2011", "2011-01-22T18:05:41"),  # OnGame
        ("20 May 2012 12:31:07", "2012-05-20T12:31:07"),  # PKR: no zone, taken as UTC
        ("14 02 2016 20:41:07", "2016-02-14T20:41:07"),  # 888: day, month, year
        ("20091103224510", "2009-11-03T22:45:10"),  # Merge
        ("2013/03/02 20:15:44 -0500", "2013-03-03T01:15:44"),  # Merge's later form
        ("1403720115", "2014-06-25T18:15:15"),  # Boss Media: seconds since 1970
        ("no date here", None),
        ("2014/13/45 25:00:00", None),
    ],
)
def test_each_sites_date_form_in_utc(text: str, utc: str | None) -> None:
    assert utc_iso(text) == utc


def test_a_phh_date_is_its_year_month_day_and_time() -> None:
    assert record_date_utc({"year": 2023, "month": 6, "day": 22}) == "2023-06-22T00:00:00"
    fields = {"year": 2023, "month": 6, "day": 22, "time": "20:05:00", "time_zone_abbreviation": "ET"}
    assert record_date_utc(fields) == "2023-06-23T00:05:00"
    assert record_date_utc({}) is None


def test_ohh_written_from_every_site_keeps_the_date_the_log_carries() -> None:
    seen = set()
    for path in sample_files():
        site = site_of(path)
        if site in seen:
            continue
        [record, *_] = read_history(path)
        assert isinstance(record, HandRecord), record
        if record_date_utc(dict(record.fields)) is None:  # a PHH file the project wrote without a date
            continue
        seen.add(site)
        date = json.loads(write_ohh(record))["ohh"]["start_date_utc"]
        assert date != "2000-01-01T00:00:00" and date == record_date_utc(dict(record.fields)), (path, date)
    assert len(seen) == len([folder for folder in DATA.iterdir() if folder.is_dir()])

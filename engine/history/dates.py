"""A hand's date as its site writes it, in UTC: the one place the sites' many forms are read (the OHH writer's
``start_date_utc`` comes from here). Sites write "2014/01/05 20:07:13 ET", "2007/03/11 - 22:14:09 (ET)",
"2026/03/07 04:59:57 UTC", "Tuesday, March 04, 21:40:52 EDT 2014", "Sat Jan 22 19:05:41 GMT+0100 2011",
"20 May 2012 12:31:07", "14 02 2016 20:41:07" (day, month, year), "20091103224510" and seconds since 1970.
A time zone named by the text is applied (ET with its daylight saving time, as the site's clock showed it); a
time without a zone is taken as UTC (docs/histories.md lists which sites write one)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_MONTHS = {
    name: i
    for i, name in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)
}
_MONTH = r"(?P<month>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_TIME = r"(?P<hour>\d{1,2}):(?P<minute>\d\d)(?::(?P<second>\d\d))?"
_FORMS = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        r"(?P<year>\d{4})[/.-](?P<month>\d{1,2})[/.-](?P<day>\d{1,2})(?:\s*-\s*|\s+|T)" + _TIME,
        r"(?P<day>\d{1,2})[ /.-](?P<month>\d{1,2})[ /.-](?P<year>\d{4})\s+" + _TIME,
        r"(?P<day>\d{1,2})\s+" + _MONTH + r",?\s+(?P<year>\d{4})\s+" + _TIME,
        _MONTH + r"\s+(?P<day>\d{1,2}),?\s+(?:(?P<year>\d{4})\s+)?" + _TIME + r"(?P<after>.*?)(?P<late>\d{4})?\s*$",
        r"^\s*(?P<year>\d{4})(?P<month>\d\d)(?P<day>\d\d)(?P<hour>\d\d)(?P<minute>\d\d)(?P<second>\d\d)\s*$",
    )
)
_EPOCH = re.compile(r"^\s*(?P<seconds>\d{9,10})\s*$")
_OFFSET = re.compile(r"(?:(?:GMT|UTC)\s*|(?<!\S))(?P<sign>[+-])(?P<hours>\d{1,2}):?(?P<minutes>\d\d)?\b")
_ZONE = re.compile(r"\b(?P<zone>UTC|GMT|WET|ET|EST|EDT|CT|CST|CDT|MT|MST|MDT|PT|PST|PDT|CET|CEST|BST|MSK)\b")
_FIXED = {"UTC": 0, "GMT": 0, "WET": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8}
_FIXED |= {"PDT": -7, "MSK": 3}
_RULED = {  # a zone word that follows daylight saving time: its place, and its standard offset when no tz data
    "ET": ("America/New_York", -5),
    "CT": ("America/Chicago", -6),
    "MT": ("America/Denver", -7),
    "PT": ("America/Los_Angeles", -8),
    "CET": ("Europe/Paris", 1),
    "CEST": ("Europe/Paris", 1),
    "BST": ("Europe/London", 0),
}


def record_date_utc(fields: Mapping[str, object]) -> str | None:
    """A record's date (its ``fields``) as OHH's ``start_date_utc``: OHH's own, a site's ``date``, or PHH's
    ``year``, ``month``, ``day`` and ``time`` (in its ``time_zone_abbreviation``, else UTC); None when it has
    none."""
    for key in ("start_date_utc", "date"):
        found = utc_iso(fields.get(key))
        if found is not None:
            return found
    year, month, day = (fields.get(key) for key in ("year", "month", "day"))
    if not all(isinstance(part, int) for part in (year, month, day)):
        return None
    time, zone = fields.get("time", "00:00:00"), fields.get("time_zone_abbreviation", "UTC")
    return utc_iso(f"{year}/{month}/{day} {time} {zone}")


_POKERSTARS = re.compile(
    r"^\d{4}/\d\d/\d\d (?:\d{1,2}:\d\d:\d\d ET|- \d\d:\d\d:\d\d \(ET\)"
    r"|\d{1,2}:\d\d:\d\d [A-Z]{2,5} \[\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d ET\])$"
)  # "2014/01/06 4:56:52 ET", "2005/08/21 - 21:44:08 (ET)", "2008/11/16 1:22:21 CET [2008/11/15 19:22:21 ET]"


def phh_date_fields(seconds: float) -> tuple[tuple[str, object], ...]:
    """A moment (seconds since 1970) as PHH's date fields, in UTC: ``year``, ``month``, ``day``, ``time`` and
    ``time_zone_abbreviation``, which `record_date_utc` reads back (so every format written from the record
    carries the date)."""
    moment = dt.datetime.fromtimestamp(seconds, dt.UTC)
    return (
        ("year", moment.year),
        ("month", moment.month),
        ("day", moment.day),
        ("time", moment.time().replace(microsecond=0)),
        ("time_zone_abbreviation", "UTC"),
    )


def pokerstars_date(fields: Mapping[str, object]) -> str | None:
    """A record's date (`record_date_utc`) as PokerStars writes one: the record's own ``date`` when PokerStars
    wrote it ("2014/01/06 4:56:52 ET", "2008/11/16 1:22:21 CET [2008/11/15 19:22:21 ET]"), else its moment as
    PokerStars writes a player's time zone other than ET, the zone's time then ET's in brackets, here UTC:
    "2011/01/22 18:05:41 UTC [2011/01/22 13:05:41 ET]" (ET with its daylight saving time; trackers read the
    ET, this engine's reader the first). None when the record has no date."""
    written = fields.get("date")
    if isinstance(written, str) and _POKERSTARS.match(written):
        return written
    found = record_date_utc(fields)
    if found is None:
        return None
    moment = dt.datetime.fromisoformat(found).replace(tzinfo=dt.UTC)
    place, standard = _RULED["ET"]
    try:
        local = moment.astimezone(ZoneInfo(place))
    except ZoneInfoNotFoundError:  # no time zone data on this machine: standard time, as `utc` reads it back
        local = moment + dt.timedelta(hours=standard)
    return f"{moment:%Y/%m/%d} {moment.hour}:{moment:%M:%S} UTC [{local:%Y/%m/%d} {local.hour}:{local:%M:%S} ET]"


def utc_iso(text: object) -> str | None:
    """The moment ``text`` names, as OHH's ``start_date_utc`` writes it ("2014-01-06T01:07:13", UTC); None when
    it names none."""
    moment = utc(text)
    return None if moment is None else moment.strftime("%Y-%m-%dT%H:%M:%S")


def utc(text: object) -> dt.datetime | None:
    """The moment ``text`` names, in UTC; None when it is not a date this module reads."""
    if not isinstance(text, str) or len(text) > 200:
        return None
    epoch = _EPOCH.match(text)
    if epoch is not None:
        return dt.datetime.fromtimestamp(int(epoch["seconds"]), dt.UTC)
    for form in _FORMS:
        match = form.search(text)
        if match is None:
            continue
        parts = match.groupdict()
        month = parts["month"]
        year = parts["year"] or parts.get("late")
        if year is None:
            continue
        try:
            local = dt.datetime(
                int(year),
                int(month) if month.isdigit() else _MONTHS[month[:3].lower()],
                int(parts["day"]),
                int(parts["hour"]),
                int(parts["minute"]),
                int(parts["second"] or 0),
            )
        except ValueError:
            return None
        return _to_utc(local, (parts.get("after") or "") + " " + text[match.end() :])
    return None


def _to_utc(local: dt.datetime, rest: str) -> dt.datetime:
    """``local`` in the zone the text after the date names (the first one), in UTC."""
    offset = _OFFSET.search(rest)
    zone = _ZONE.search(rest)
    if offset is not None and (zone is None or offset.start() <= zone.start()):
        minutes = int(offset["hours"]) * 60 + int(offset["minutes"] or 0)
        shift = dt.timedelta(minutes=minutes if offset["sign"] == "+" else -minutes)
        return (local - shift).replace(tzinfo=dt.UTC)
    name = zone["zone"].upper() if zone is not None else "UTC"
    if name in _RULED:
        place, standard = _RULED[name]
        try:
            return local.replace(tzinfo=ZoneInfo(place)).astimezone(dt.UTC)
        except ZoneInfoNotFoundError:  # no time zone data on this machine: standard time
            return (local - dt.timedelta(hours=standard)).replace(tzinfo=dt.UTC)
    return (local - dt.timedelta(hours=_FIXED[name])).replace(tzinfo=dt.UTC)

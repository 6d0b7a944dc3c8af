"""An album's photos become one multi-page scan, in the order they were sent."""

from __future__ import annotations

import io

from PIL import Image

from chalicelib.telegram.intake import join_pages


def _photo(shade: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (60, 80), (shade, shade, shade)).save(out, format="JPEG")
    return out.getvalue()


def test_intake_joins_an_albums_photos_into_one_tiff_in_order() -> None:
    joined = join_pages([_photo(10), _photo(128), _photo(250)])
    with Image.open(io.BytesIO(joined)) as scan:
        assert scan.format == "TIFF" and scan.n_frames == 3
        shades = []
        for frame in range(scan.n_frames):
            scan.seek(frame)
            shades.append(scan.convert("L").getpixel((30, 40)))
    assert shades[0] < shades[1] < shades[2]

"""Notes and colour tags on players through the page (issue 36): a player clicks an
opponent's name at the table, tags them with a colour and writes a note; the seat shows
the tag and a note mark (hovering the name says the note), the HUD's line says the tag, a
reload keeps them (the room keeps them), and the other player sees nothing of it.  In
English at 1280×800, and in 繁體中文 and 简体中文 on a 375 px phone."""

from __future__ import annotations

import re
from typing import Any

from server.conftest import Server

from .helpers import SCREENSHOTS, give_back, guest_page, press_until, registered_page, sit
from .helpers import sync_api as load_sync_api
from .test_contrast import LOW_CONTRAST

sync_api = load_sync_api()

NOTES_OF = """async () => {
  const answer = await fetch("/api/notes",
    {headers: {Authorization: `Bearer ${localStorage.getItem("stud.token")}`}});
  return answer.json();
}"""


# The room's name for a guest as each language writes it (web/words.js shownName).
GUEST = {"en": "Guest ", "zh-Hant": "訪客 ", "zh-Hans": "访客 "}


def shown(page: Any, name: str) -> str:
    """``name`` as ``page`` shows it: a guest's in the page's language."""
    return re.sub(r"^Guest (?=\d+$)", GUEST[page.evaluate("stud.ui.lang")], name)


def seat_name(page: Any, name: str) -> Any:
    """The name element of the seat of ``name`` on ``page``."""
    return page.locator(".seat .name").filter(
        has_text=re.compile(f"^{re.escape(shown(page, name))}$")
    )


def together(ann: Any, bob: Any, table: str) -> str:
    """Ann and Bob sit at ``table`` (Bob takes a computer player's seat when the hand
    ends); Bob's name, once Ann's page shows his seat."""
    sit(ann, table)
    sit(bob, table, dealt=False)
    bob_name = str(bob.evaluate("stud.ui.account.name"))
    press_until(ann, lambda _lines: seat_name(ann, bob_name).count() > 0, others=(bob,))
    return bob_name


def test_a_note_and_a_tag_at_the_seat_kept_across_a_reload_and_private(
    room: Server, browser: Any
) -> None:
    expect = sync_api.expect
    table = "notes-razz"
    room.call(room.room.create_table("razz", "practice", table_id=table))
    ann = registered_page(browser, room.url, "nadia")
    bob = registered_page(browser, room.url, "oscar")
    try:
        bob_name = together(ann, bob, table)
        assert bob_name == "oscar"
        # One's own name and the computer players' open nothing: only people are noted.
        expect(ann.locator(".seat.me .name.noteable")).to_have_count(0)
        expect(ann.locator(".seat .name.noteable")).to_have_count(1)
        oscar = seat_name(ann, "oscar")
        expect(oscar).to_have_attribute("title", "Note and colour tag for oscar")

        oscar.click()
        box = ann.locator("#note-box")
        expect(box).to_be_visible()
        expect(box.locator("h2")).to_have_text("Note on oscar")
        expect(box.locator("legend")).to_have_text("Colour tag")
        expect(box.locator(".note-colour")).to_have_text(
            ["None", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Grey"]
        )
        expect(box.locator(".note-colour input").first).to_be_checked()
        expect(box.locator("#note-delete")).to_be_hidden()  # no note yet: nothing to delete
        expect(box.locator("#note-text")).to_be_focused()
        expect(box.locator("#note-text")).to_have_attribute(
            "placeholder", "How do they play? Only you will see this."
        )
        box.locator(".note-colour", has_text="Red").click()
        expect(box.locator(".note-meaning")).to_have_text("What Red means to you")
        box.locator("#note-meaning").fill("maniac")
        box.locator("#note-text").fill("raises every bring-in\nfolds to a reraise")
        expect(box.locator(".note-private")).to_have_text("Only you see your notes and tags.")
        assert ann.evaluate(LOW_CONTRAST) == []
        ann.screenshot(path=str(SCREENSHOTS / "notes-editor-en-1280.png"))
        box.locator("#note-save").click()
        expect(box).to_be_hidden()

        # The seat: the tag's colour and the note's mark beside the name, the note on hover.
        expect(oscar.locator(".tag.tag-red")).to_have_count(1)
        expect(oscar.locator(".note-mark")).to_have_count(1)
        said = "maniac: raises every bring-in\nfolds to a reraise"
        expect(oscar).to_have_attribute("title", said)
        expect(oscar).to_have_text("oscar")
        # The HUD's line says the tag before the statistics.
        ann.click("#hud")
        hud = ann.locator(".seat", has=ann.locator(".name", has_text="oscar")).locator(".hud")
        expect(hud).to_have_text(re.compile(r"^maniac( · VPIP .* hands?)?$"))
        ann.screenshot(path=str(SCREENSHOTS / "notes-seat-en-1280.png"))
        ann.click("#hud")

        # The room keeps it: a reload draws it again.
        ann.reload()
        ann.wait_for_selector("#room:visible")
        expect(seat_name(ann, "oscar").locator(".tag.tag-red")).to_have_count(1)
        expect(seat_name(ann, "oscar")).to_have_attribute("title", said)
        assert ann.evaluate(NOTES_OF) == [
            {
                "name": "oscar",
                "colour": "red",
                "text": "raises every bring-in\nfolds to a reraise",
                "updated": ann.evaluate(NOTES_OF)[0]["updated"],
            }
        ]

        # Oscar sees no note of Nadia's: not on the page, not from the room.
        nadia = seat_name(bob, "nadia")
        expect(nadia).to_have_attribute("title", "Note and colour tag for nadia")
        expect(bob.locator(".seat .tag, .seat .note-mark")).to_have_count(0)
        assert bob.evaluate(NOTES_OF) == []
        expect(bob.locator(".seat.me .name.noteable")).to_have_count(0)
        # His editor on her is empty; Escape closes it, and nothing is written.
        nadia.focus()
        bob.keyboard.press("Enter")
        bob_box = bob.locator("#note-box")
        expect(bob_box.locator("h2")).to_have_text("Note on nadia")
        expect(bob_box.locator("#note-text")).to_have_value("")
        expect(bob_box.locator(".note-colour input").first).to_be_checked()
        bob.keyboard.press("Escape")
        expect(bob_box).to_be_hidden()
        assert bob.evaluate(NOTES_OF) == []

        # Deleting it: the seat is plain again.
        seat_name(ann, "oscar").click()
        expect(box.locator("#note-text")).to_have_value("raises every bring-in\nfolds to a reraise")
        expect(box.locator(".note-colour input").nth(1)).to_be_checked()
        expect(box.locator("#note-delete")).to_have_text("Delete note")
        box.locator("#note-delete").click()
        expect(box).to_be_hidden()
        expect(seat_name(ann, "oscar").locator(".tag, .note-mark")).to_have_count(0)
        assert ann.evaluate(NOTES_OF) == []
        assert not ann.errors, ann.errors
        assert not bob.errors, bob.errors
    finally:
        give_back(ann)
        give_back(bob)


PHONE = {"viewport": {"width": 375, "height": 740}, "locale": "zh-TW"}


def test_notes_in_chinese_on_a_phone(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    table = "notes-stud"
    room.call(room.room.create_table("seven_card_stud", "practice", table_id=table))
    ann = guest_page(browser, room.url, **PHONE)
    bob = guest_page(browser, room.url, **PHONE)
    try:
        bob_name = together(ann, bob, table)
        other = seat_name(ann, bob_name)
        expect(other).to_have_attribute("title", f"為 {shown(ann, bob_name)} 寫筆記和顏色標記")
        other.click()
        box = ann.locator("#note-box")
        expect(box.locator("h2")).to_have_text(f"{shown(ann, bob_name)} 的筆記")
        expect(box.locator("legend")).to_have_text("顏色標記")
        expect(box.locator(".note-colour")).to_have_text(
            ["無", "紅色", "橙色", "黃色", "綠色", "青色", "藍色", "紫色", "灰色"]
        )
        expect(box.locator(".note-text-label")).to_have_text("筆記")
        expect(box.locator("#note-save")).to_have_text("儲存")
        expect(box.locator("#note-cancel")).to_have_text("取消")
        box.locator(".note-colour", has_text="藍色").click()
        expect(box.locator(".note-meaning")).to_have_text("藍色代表的意思")
        box.locator("#note-text").fill("跟注站，很少棄牌")
        expect(box.locator(".note-private")).to_have_text("筆記和標記只有你自己看得到。")
        # The editor fits the phone: nothing sideways, every button in view.
        edges = box.bounding_box()
        assert edges is not None
        assert edges["x"] >= 0
        assert edges["x"] + edges["width"] <= 375
        for button in ("#note-save", "#note-cancel"):
            expect(box.locator(button)).to_be_in_viewport()
        assert ann.evaluate("document.documentElement.scrollWidth") <= 375
        assert ann.evaluate(LOW_CONTRAST) == []
        ann.screenshot(path=str(SCREENSHOTS / "notes-editor-zh-Hant-375.png"))
        box.locator("#note-save").click()
        expect(box).to_be_hidden()
        expect(other.locator(".tag.tag-blue")).to_have_count(1)
        expect(other).to_have_attribute("title", "藍色: 跟注站，很少棄牌")
        ann.evaluate("window.scrollTo(0, 0)")
        ann.screenshot(path=str(SCREENSHOTS / "notes-seat-zh-Hant-375.png"))

        # 简体中文: the same editor in its words, the note as it was written.
        ann.select_option("#lang", "zh-Hans")
        seat_name(ann, bob_name).click()
        expect(box.locator("h2")).to_have_text(f"{shown(ann, bob_name)} 的笔记")
        expect(box.locator("legend")).to_have_text("颜色标记")
        expect(box.locator(".note-colour")).to_have_text(
            ["无", "红色", "橙色", "黄色", "绿色", "青色", "蓝色", "紫色", "灰色"]
        )
        expect(box.locator(".note-meaning")).to_have_text("蓝色代表的意思")
        expect(box.locator("#note-text")).to_have_value("跟注站，很少棄牌")
        expect(box.locator("#note-text")).to_have_attribute(
            "placeholder", "这位玩家怎么打牌？只有你看得到。"
        )
        expect(box.locator("#note-save")).to_have_text("保存")
        expect(box.locator("#note-delete")).to_have_text("删除笔记")
        expect(box.locator(".note-private")).to_have_text("笔记和标记只有你自己看得到。")
        # A note too long for the room is refused in the page's words, the note kept.
        ann.evaluate("document.getElementById('note-text').removeAttribute('maxlength')")
        box.locator("#note-text").fill("长" * 2001)
        box.locator("#note-save").click()
        expect(box.locator("#note-refusal")).to_have_text("笔记最多 2000 个字符（这则有 2001 个）")
        ann.screenshot(path=str(SCREENSHOTS / "notes-refusal-zh-Hans-375.png"))
        ann.keyboard.press("Escape")
        expect(box).to_be_hidden()
        assert [n["text"] for n in ann.evaluate(NOTES_OF)] == ["跟注站，很少棄牌"]
        assert bob.evaluate(NOTES_OF) == []
        expect(bob.locator(".seat .tag")).to_have_count(0)
        assert not ann.errors, ann.errors
        assert not bob.errors, bob.errors
    finally:
        give_back(ann)
        give_back(bob)

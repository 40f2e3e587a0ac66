"""Seed the pristine Wagtail corpus database (run by setup.sh after `migrate`).

Usage: WAGTAIL_CORPUS_DATA=<dir> python seed.py   (with the site directory on sys.path)
Deterministic: the same records every run, on an empty migrated database.
"""
import datetime
import os
import sys

import django

sys.path.insert(0, os.environ.get("WAGTAIL_CORPUS_SITE", os.path.join(os.path.dirname(__file__), "site")))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "corpus_site.settings")
django.setup()

from django.contrib.auth.models import Group, Permission  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.files.base import ContentFile  # noqa: E402
from wagtail.contrib.redirects.models import Redirect  # noqa: E402
from wagtail.documents.models import Document  # noqa: E402
from wagtail.models import Collection, Page, Site  # noqa: E402
from wagtail.users.models import UserProfile  # noqa: E402

from pages.models import Faq, HomePage, NoticePage, StandardPage  # noqa: E402

User = get_user_model()

# --- pages -----------------------------------------------------------------
root = Page.get_first_root_node()
# Wagtail's initial migration creates a placeholder "Welcome" page and a default site.
Site.objects.all().delete()
for placeholder in root.get_children():
    placeholder.delete()
root = Page.get_first_root_node()

home = root.add_child(instance=HomePage(title="홈", slug="home", intro="코퍼스 홈페이지에 오신 것을 환영합니다."))
Site.objects.create(hostname="localhost", port=80, root_page=home, is_default_site=True,
                    site_name="코퍼스 홈페이지")

about = home.add_child(instance=StandardPage(
    title="회사 소개", slug="about", intro="우리 회사를 소개합니다.",
    body="<p>코퍼스 주식회사는 2010년에 설립되었습니다.</p>"))
about.save_revision().publish()

careers = home.add_child(instance=StandardPage(
    title="채용 안내", slug="careers", intro="함께 일할 동료를 찾습니다.",
    body="<p>상시 채용 중입니다.</p>", live=False))
careers.save_revision()  # draft only: shown as 초안 in the page explorer

notice = home.add_child(instance=NoticePage(
    title="서비스 점검 안내", slug="maintenance-notice", notice_date=datetime.date(2024, 3, 4),
    body="<p>3월 10일 02:00~04:00 서비스 점검이 있습니다.</p>"))
notice.save_revision().publish()

location = about.add_child(instance=StandardPage(
    title="오시는 길", slug="location", intro="본사 위치 안내",
    body="<p>서울특별시 중구 세종대로 110</p>"))
location.save_revision().publish()

# --- collections and a document -------------------------------------------
collection_root = Collection.get_first_root_node()
marketing = collection_root.add_child(name="마케팅 자료")
collection_root.add_child(name="인사 자료")

doc = Document(title="2024 회사소개서", collection=marketing)
doc.file.save("company-profile-2024.txt",
              ContentFile("코퍼스 주식회사 회사소개서 (2024)\n".encode("utf-8")), save=False)
doc.save()

# --- snippets and redirects -------------------------------------------------
Faq.objects.create(question="회원 탈퇴는 어떻게 하나요?", answer="마이페이지 > 회원 정보에서 탈퇴할 수 있습니다.")
Faq.objects.create(question="영수증을 다시 받을 수 있나요?", answer="주문 내역에서 영수증을 다시 출력할 수 있습니다.")

Redirect.objects.create(old_path="/old-about", redirect_page=about, is_permanent=True)

# --- groups and users --------------------------------------------------------
marketing_group = Group.objects.create(name="마케팅팀")
marketing_group.permissions.add(Permission.objects.get(codename="access_admin"))

admin = User.objects.create_superuser(
    username="admin", email="admin@example.com", password="Admin!2345",
    first_name="관리자", last_name="")
editor = User.objects.create_user(
    username="editor01", email="editor01@example.com", password="Editor!2345",
    first_name="민지", last_name="김")
editor.groups.add(Group.objects.get(name="Editors"))

for user in (admin, editor):
    profile = UserProfile.get_for_user(user)
    profile.preferred_language = "ko"
    profile.save()

print("seeded: pages=%d users=%d groups=%d collections=%d" % (
    Page.objects.count(), User.objects.count(), Group.objects.count(), Collection.objects.count()))

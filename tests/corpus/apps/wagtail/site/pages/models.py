"""Page types and a snippet for the corpus site (labels in Korean, as a Korean team would set them)."""
from django.db import models
from wagtail.admin.panels import FieldPanel
from wagtail.fields import RichTextField
from wagtail.models import Page
from wagtail.snippets.models import register_snippet


class HomePage(Page):
    intro = models.CharField("소개 문구", max_length=250, blank=True)

    content_panels = Page.content_panels + [FieldPanel("intro")]
    parent_page_types = ["wagtailcore.Page"]
    max_count = 1

    class Meta:
        verbose_name = "홈 페이지"


class StandardPage(Page):
    intro = models.CharField("요약", max_length=250, blank=True)
    body = RichTextField("본문", blank=True)

    content_panels = Page.content_panels + [FieldPanel("intro"), FieldPanel("body")]

    class Meta:
        verbose_name = "일반 페이지"


class NoticePage(Page):
    notice_date = models.DateField("게시일", null=True, blank=True)
    body = RichTextField("본문", blank=True)

    content_panels = Page.content_panels + [FieldPanel("notice_date"), FieldPanel("body")]
    parent_page_types = ["pages.HomePage", "pages.StandardPage"]

    class Meta:
        verbose_name = "공지사항"


@register_snippet
class Faq(models.Model):
    question = models.CharField("질문", max_length=255)
    answer = models.TextField("답변", blank=True)

    panels = [FieldPanel("question"), FieldPanel("answer")]

    def __str__(self):
        return self.question

    class Meta:
        verbose_name = "자주 묻는 질문"
        verbose_name_plural = "자주 묻는 질문"

"""The addresses of the web application."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web import views

urlpatterns = [
    path("", views.home, name="home"),
]

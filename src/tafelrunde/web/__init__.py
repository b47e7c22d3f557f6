"""The web application (Django): persistence of facts, the organiser's pages, public pages."""

"""MkDocs hooks for the docs site (mkdocs.yml): the README is the site's
home page, and the files the pages link to outside docs/ (the hardware's
build guide and drawings, bench/RESULTS.md) come into the site at their
place in the repository. So every link is written as it works in a clone
(README: docs/rules.md; docs/maker.md: ../hardware/BUILD.md) and the same
link works on the site, where `mkdocs build --strict` checks it."""

import os
import posixpath
import re

from mkdocs.structure.files import File

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"\]\(([^)\s#]+)(#[^)\s]*)?\)")


def _targets(path):
    """The repository paths of the local files a Markdown file links to."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = f.read()
    here = posixpath.dirname(path)
    for m in LINK.finditer(text):
        target = m.group(1)
        if "://" in target or target.startswith("mailto:"):
            continue
        yield posixpath.normpath(posixpath.join(here, target))


def _outside(start):
    """Every file outside docs/ reached by links from the pages in start,
    following the links of the Markdown files so reached."""
    seen, todo = set(), list(start)
    while todo:
        for target in _targets(todo.pop()):
            if target.startswith("docs/") or target in seen or target == "README.md":
                continue
            if not os.path.isfile(os.path.join(ROOT, target)):
                continue  # left for mkdocs to report
            seen.add(target)
            if target.endswith(".md"):
                todo.append(target)
    return sorted(seen)


def on_files(files, config):
    pages = ["README.md"] + ["docs/" + f.src_uri for f in files if f.src_uri.endswith(".md")]
    files.append(File.generated(config, "index.md", abs_src_path=os.path.join(ROOT, "README.md")))
    for path in _outside(pages):
        files.append(File(path, ROOT, config["site_dir"], config["use_directory_urls"]))
    return files


def _site_path(repo_path):
    """Where a repository file sits in the site."""
    if repo_path == "README.md":
        return "index.md"
    return repo_path[len("docs/") :] if repo_path.startswith("docs/") else repo_path


def _repo_path(page):
    """Where a page's file sits in the repository."""
    if page.file.src_uri == "index.md":
        return "README.md"
    if page.file.abs_src_path.startswith(os.path.join(ROOT, "docs") + os.sep):
        return "docs/" + page.file.src_uri
    return page.file.src_uri


def on_page_markdown(markdown, page, config, files):
    """Each relative link, written as it works in a clone, made to work in
    the site: the README's docs/X is X there, a docs page's ../X is X."""
    here = posixpath.dirname(_repo_path(page))
    there = posixpath.dirname(page.file.src_uri)

    def fix(m):
        target, part = m.group(1), m.group(2) or ""
        if "://" in target or target.startswith("mailto:"):
            return m.group(0)
        repo = posixpath.normpath(posixpath.join(here, target))
        return "](%s%s)" % (posixpath.relpath(_site_path(repo), there or "."), part)

    return LINK.sub(fix, markdown)

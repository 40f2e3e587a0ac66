// The Acme Journal's seeded content, which Decap CMS's test backend reads at every page load.
window.repoFiles = {
  _posts: {
    '2026-11-02-welcome-to-the-new-acme-journal.md': {
      content:
        '---\ntitle: Welcome to the new Acme Journal\ndate: 2026-11-02 09:00\ncategory: News\ntags:\n  - release\nauthor: Dana Park\nsummary: Our team blog has a new home.\ndraft: false\n---\n\nThe journal now lives in its own content manager. Every member of the team can write a post.\n',
    },
    '2026-11-16-how-we-ship-on-fridays.md': {
      content:
        '---\ntitle: How we ship on Fridays\ndate: 2026-11-16 14:30\ncategory: Engineering\ntags:\n  - release\nauthor: Leo Martin\nsummary: Small releases, every week, without fear.\ndraft: false\n---\n\nWe release every Friday before noon. Here is how the checklist works.\n',
    },
    '2026-11-23-winter-party-save-the-date.md': {
      content:
        '---\ntitle: "Winter party: save the date"\ndate: 2026-11-23 10:00\ncategory: Culture\ntags:\n  - event\nauthor: Dana Park\nsummary: December 18, at the rooftop.\ndraft: true\n---\n\nThe winter party is on December 18. Details follow.\n',
    },
  },
  _authors: {
    'dana-park.md': {
      content: '---\nname: Dana Park\nemail: dana.park@acme.test\nbio: Editor of the journal.\n---\n',
    },
    'leo-martin.md': {
      content: '---\nname: Leo Martin\nemail: leo.martin@acme.test\nbio: Release engineer.\n---\n',
    },
  },
  _data: {
    'settings.json': {
      content: '{"site_title": "Acme Journal", "posts_per_page": 10, "comments": true}',
    },
  },
};

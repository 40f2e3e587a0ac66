# Seeds the corpus's Redmine: Acme Projects, with its people, two projects, a release, issue
# categories, issues, a wiki page and a news item (run by `rails runner` on a fresh database
# after `redmine:load_default_data`). Fixed dates keep every copy the same.
Setting.app_title = 'Acme Projects'
Setting.default_language = 'en'
Setting.force_default_language_for_anonymous = '1'
Setting.force_default_language_for_loggedin = '1'
Setting.self_registration = '3' # automatic account activation
Setting.login_required = '0'
Setting.host_name = '127.0.0.1'
Setting.welcome_text = 'Welcome to the Acme project tracker.'
Setting.default_projects_modules = %w[issue_tracking time_tracking news documents files wiki boards calendar gantt]

admin = User.find_by_login('admin')
admin.password = admin.password_confirmation = 'Redmine!Admin2024'
admin.must_change_passwd = false
admin.firstname = 'Redmine'
admin.lastname = 'Admin'
admin.mail = 'admin@acme.example'
admin.save!

def person(login, first, last, password)
  u = User.new(firstname: first, lastname: last, mail: "#{login}@acme.example", language: 'en')
  u.login = login
  u.password = u.password_confirmation = password
  u.status = User::STATUS_ACTIVE
  u.save!
  u
end

john = person('jsmith', 'John', 'Smith', 'John#2024')
mina = person('mlee', 'Mina', 'Lee', 'Mina#2024')
sara = person('skim', 'Sara', 'Kim', 'Sara#2024')

manager = Role.find_by_name('Manager')
developer = Role.find_by_name('Developer')
reporter = Role.find_by_name('Reporter')
bug = Tracker.find_by_name('Bug')
feature = Tracker.find_by_name('Feature')
support = Tracker.find_by_name('Support')
status = ->(name) { IssueStatus.find_by_name(name) }
priority = ->(name) { IssuePriority.find_by_name(name) }

website = Project.new(name: 'Website Redesign', identifier: 'website', is_public: true,
                      description: 'The new public website of Acme.')
website.trackers = [bug, feature, support]
website.enabled_module_names = Setting.default_projects_modules
website.save!
mobile = Project.new(name: 'Mobile App', identifier: 'mobile', is_public: true,
                     description: 'The Acme app for phones.')
mobile.trackers = [bug, feature]
mobile.enabled_module_names = Setting.default_projects_modules
mobile.save!

Member.create!(project: website, principal: mina, roles: [manager])
Member.create!(project: website, principal: john, roles: [developer])
Member.create!(project: website, principal: sara, roles: [reporter])
Member.create!(project: mobile, principal: john, roles: [developer])

release = Version.create!(project: website, name: 'Release 1.0', effective_date: Date.new(2026, 3, 31))
frontend = IssueCategory.create!(project: website, name: 'Frontend')
IssueCategory.create!(project: website, name: 'Backend')

def issue(project, tracker, subject, author, attrs = {})
  i = Issue.new(project: project, tracker: tracker, subject: subject, author: author,
                start_date: Date.new(2026, 1, 5))
  attrs.each { |k, v| i.send("#{k}=", v) }
  i.save!
  i
end

issue(website, bug, 'Contact form does not send e-mails', sara,
      description: 'Submitting the contact form shows no confirmation and no e-mail arrives.',
      priority: priority.('High'), assigned_to: john, category: frontend, fixed_version: release)
issue(website, feature, 'Add a dark theme', mina,
      description: 'Offer a dark colour scheme on every page.', priority: priority.('Normal'))
broken = issue(website, bug, 'Broken link on the About page', sara,
               description: 'The "Our team" link on the About page returns 404.',
               priority: priority.('Normal'), assigned_to: john, fixed_version: release)
broken.reload
broken.init_journal(john)
broken.status = status.('In Progress')
broken.save!
issue(website, support, 'Update the privacy policy text', mina,
      description: 'Legal sent a new privacy policy.', priority: priority.('Low'))
issue(mobile, bug, 'App crashes when the camera permission is denied', sara,
      description: 'Denying the camera permission closes the app.', priority: priority.('Urgent'),
      assigned_to: john)

wiki = website.wiki || Wiki.create!(project: website, start_page: 'Wiki')
page = WikiPage.new(wiki: wiki, title: 'Wiki')
page.content = WikiContent.new(page: page, author: mina,
                                text: "h1. Website Redesign\n\nThe team's notes. See [[Style guide]].")
page.save!

News.create!(project: website, author: mina, title: 'Kick-off on Monday',
             summary: 'The redesign starts next week.',
             description: 'Everyone on the project meets on Monday at 10:00.')

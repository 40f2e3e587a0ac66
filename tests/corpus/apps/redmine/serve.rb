# Serves one Redmine instance with WEBrick on 127.0.0.1 (ARGV[0] is the port). WEBrick is
# required before Redmine's Gemfile narrows the gems Bundler lets the app load, which is why
# `rails server` cannot start it on Debian's packaging.
require 'webrick'
require 'rack'
require 'rack/handler/webrick'
port = Integer(ARGV.fetch(0))
Dir.chdir('/usr/share/redmine')
require '/usr/share/redmine/config/environment'
Rack::Handler::WEBrick.run(Rails.application, Host: '127.0.0.1', Port: port, AccessLog: [],
                           Logger: WEBrick::Log.new($stderr, WEBrick::Log::WARN))

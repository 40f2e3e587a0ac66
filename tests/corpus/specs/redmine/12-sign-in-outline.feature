Feature: Signing in is refused for wrong credentials
  As the site owner
  I want a wrong login to be refused with a clear message
  So that nobody gets in with someone else's name

  Scenario Outline: A wrong login or password is refused
    Given I am on the home page
    When I click "Sign in"
    And I enter "<login>" and "<password>"
    And I click the "Login" button
    Then I see the message "<message>"

    Examples:
      | login   | password         | message                  |
      | jsmith  | not-his-password | Invalid user or password |
      | nobody  | whatever-1234    | Invalid user or password |

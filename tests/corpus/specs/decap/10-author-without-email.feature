Feature: Guest authors
  Guest writers are added as authors with their name only; the editors fill in the rest later.

  Scenario: Add a guest author by name
    Given I am logged in to the CMS
    And I open the Authors collection
    When I create a new Author with the name "Sam Lee"
    And I choose Publish now from the Publish menu
    Then the notification "Entry saved" is shown

Feature: Drafts filter in the Posts collection
  Editors look for unfinished posts before the weekly meeting.

  Scenario: Only drafts are listed
    Given I am logged in to the CMS
    And I open the Posts collection
    When I filter by Drafts
    Then "Winter party: save the date" is listed
    And "How we ship on Fridays" is not listed

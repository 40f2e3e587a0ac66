# Source: the django-oscar documentation on fulfilment partners — partners are kept in the
# dashboard under Fulfilment > Partners, and a new one needs nothing but its name.
Feature: Fulfilment partners
  The shop starts working with a second book supplier and registers it as a fulfilment partner
  before the buyers load its stock.

  Background:
    Given I am signed in to the dashboard as admin

  Scenario: Register a new partner
    When I go to Fulfilment > Partners
    And I click Create new partner
    And I enter Harbor Books Ltd as the name
    And I click Save
    Then I see "Partner 'Harbor Books Ltd' was created successfully."
    And Harbor Books Ltd is listed among the partners together with Acme Book Distributors

//! English sentences as people write them, and what each must mean.

use super::*;
use crate::{interpret_all, Intent, RoleHint};

fn first(sentence: &str) -> Intent {
    interpret_all(sentence, None).into_iter().next().unwrap_or_else(|| panic!("not understood: {sentence}"))
}

#[test]
fn creating_a_record_is_its_new_control_then_each_field_with_its_value() {
    // A CMS's post, a CRUD app's contact, a tracker's issue.
    let read = |s: &str| -> Vec<(Verb, Option<String>, Option<String>)> {
        interpret_all(s, None).into_iter().map(|i| (i.verb, i.target, i.value)).collect()
    };
    let some = |s: &str| Some(s.to_string());
    assert_eq!(
        read("create a new Post with the title \"Spring hiring update\", the category News and the author Dana Park"),
        vec![
            (Verb::Click, some("New Post"), None),
            (Verb::Fill, some("title"), some("Spring hiring update")),
            (Verb::Fill, some("category"), some("News")),
            (Verb::Fill, some("author"), some("Dana Park")),
        ]
    );
    assert_eq!(
        read("Create a new contact with the name \"Jane Roe\" and the phone 555-0101"),
        vec![
            (Verb::Click, some("New contact"), None),
            (Verb::Fill, some("name"), some("Jane Roe")),
            (Verb::Fill, some("phone"), some("555-0101")),
        ]
    );
    assert_eq!(
        read("Go to the Issues tab and add a new issue."),
        vec![(Verb::Navigate, some("Issues"), None), (Verb::Click, some("New issue"), None)]
    );
}

#[test]
fn a_form_saved_with_a_control_presses_it() {
    // A CMS's publish menu item, a tracker's Submit button, a wiki's Save page button.
    for (sentence, target) in [
        ("Publish the entry with Publish now", "Publish now"),
        ("Submit the issue with the Create button", "Create"),
        ("Save the page with \"Save page\"", "Save page"),
    ] {
        let c = first(sentence);
        assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some(target)), "{sentence}");
    }
    assert!(submitted_with("Save the file with care").is_none());
}

#[test]
fn an_editor_that_opens_is_a_screen() {
    // A CMS's post editor, a wiki's page editor, a tracker's issue form.
    for (sentence, screen) in [
        ("An empty post editor opens", "post editor"),
        ("The wiki page editor opens", "wiki page editor"),
        ("A blank issue form opens", "issue"),
    ] {
        let c = first(sentence);
        assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectScreen, Some(screen)), "{sentence}");
    }
}

#[test]
fn what_is_chosen_from_a_menu_is_pressed() {
    // A CMS's publish menu, a tracker's actions menu, a wiki's tools menu.
    for (sentence, target, menu) in [
        ("Choose Publish now from the Publish menu", "Publish now", "Publish"),
        ("Select Delete from the Actions menu", "Delete", "Actions"),
        ("choose Page information from the Tools menu", "Page information", "Tools"),
    ] {
        let c = first(sentence);
        assert_eq!(
            (c.verb, c.target.as_deref(), c.scope),
            (Verb::Click, Some(target), Some(crate::Scope::Region(menu.into()))),
            "{sentence}"
        );
    }
    // A list of values stays a field.
    let c = first("Choose Germany from the Country list");
    assert_eq!(
        (c.verb, c.target.as_deref(), c.value.as_deref()),
        (Verb::Select, Some("Country list"), Some("Germany"))
    );
}

#[test]
fn where_an_element_sits_is_not_its_name() {
    let c = first("hit the Close issue button at the bottom of the form");
    assert_eq!((c.verb, c.target.as_deref(), c.hint), (Verb::Click, Some("Close issue"), Some(RoleHint::Button)));
    let c = first("Click the Add + link above the table");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some("Add +")));
    let c = first("Click Export in the top right corner");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some("Export")));
    // Beside another element: a CMS's date field, a tracker's filter, a shop's quantity.
    for (sentence, target) in [
        ("Click Now beside Publish Date", "Now"),
        ("Click Apply next to the status filter", "Apply"),
        ("Click the + button beside Quantity", "+"),
    ] {
        assert_eq!(first(sentence).target.as_deref(), Some(target), "{sentence}");
    }
    // A place with a name is a scope, not a position.
    let c = first("Click Delete in the Henry Davis row");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some("Delete")));
    assert_eq!(position_phrase(&["Save", "at", "the", "top", "of", "Henry"]), None);
}

#[test]
fn a_refusal_or_an_error_is_known_by_its_reason() {
    let c = first("The server rejects the upload because the file is too large.");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectError, Some("the file is too large")));
    let c = first("An error message reads the code has expired");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectError, Some("the code has expired")));
    // A refusal named without its reason is no check of some text.
    assert!(interpret_all("The app refuses it", None).iter().all(|i| i.verb != Verb::ExpectVisible));
}

#[test]
fn a_plural_show_after_its_subject_says_what_is_shown() {
    let c = first("The search results show 3 open tickets");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("3 open tickets")));
    // "Show" leading an instruction, or capitalised after "the", is the name of what is clicked.
    let c = first("Click Show Archived");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some("Show Archived")));
    assert!(interpret_all("the Show link in the Acme row", None).iter().all(|i| i.verb != Verb::ExpectVisible));
    // A screen showing a value typed before is no list of fields.
    let c = first("The profile page shows the updated street");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("the updated street")));
}

#[test]
fn a_value_said_beside_its_field_is_that_fields_value() {
    // A tracker's issue, a shop's order, a wiki's page info.
    for (sentence, field, value) in [
        ("the status is New", "status", "New"),
        ("The order status is now Shipped.", "order status", "Shipped"),
        ("the content model is Wikitext", "content model", "Wikitext"),
    ] {
        let intent = first(sentence);
        assert_eq!(
            (intent.verb, intent.target.as_deref(), intent.value.as_deref()),
            (Verb::ExpectValue, Some(field), Some(value)),
            "{sentence}"
        );
    }
    // No value: a screen, a state, a phrase in small letters.
    for sentence in ["the page is shown", "the Save button is disabled", "the list is empty"] {
        assert!(interpret_all(sentence, None).iter().all(|i| i.verb != Verb::ExpectValue), "{sentence}");
    }
}

#[test]
fn what_should_be_shown_is_read_as_what_is_shown() {
    // A tracker's news list, a shop's order list, a wiki's search results.
    for (sentence, shown) in [
        ("After that the news list should show \"Maintenance window on Saturday\".", "Maintenance window on Saturday"),
        ("Then the order list must display Order #100002", "Order #100002"),
        ("The message 'Page saved' should be shown", "Page saved"),
    ] {
        let intent = first(sentence);
        assert_eq!((intent.verb, intent.target.as_deref()), (Verb::ExpectVisible, Some(shown)), "{sentence}");
    }
}

#[test]
fn english_statements_of_what_is_shown() {
    let c = first("Login page rejects valid passwords after upgrade is listed under critical and assigned to bob.");
    assert_eq!(
        (c.verb, c.target.as_deref()),
        (Verb::ExpectVisible, Some("Login page rejects valid passwords after upgrade"))
    );
    // A title that itself says "shows" is still the subject of what is listed.
    let c = first("Export dialog shows blank rows is listed under urgent and assigned to ann.");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("Export dialog shows blank rows")));
    let c = first("The Invoice number field still holds INV-0042");
    assert_eq!(
        (c.verb, c.target.as_deref(), c.value.as_deref()),
        (Verb::ExpectValue, Some("Invoice number"), Some("INV-0042"))
    );
    let c = first("The Postcode box shows 04524");
    assert_eq!((c.verb, c.target.as_deref(), c.value.as_deref()), (Verb::ExpectValue, Some("Postcode"), Some("04524")));
    let order = first("Order #100001 opens");
    assert_eq!((order.verb, order.target.as_deref()), (Verb::ExpectScreen, Some("Order #100001")));
    assert!(interpret_all("The Settings dialog opens", None).iter().all(|i| i.verb != Verb::ExpectScreen));
    let c = first("The invoice detail page opens.");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectScreen, Some("invoice detail")));
    let c = first("The Acme Ltd row shows Paid in full");
    assert_eq!(
        (c.verb, c.target.as_deref(), c.scope),
        (Verb::ExpectVisible, Some("Paid in full"), Some(crate::Scope::Row("Acme Ltd".into())))
    );
    let c = first("All seven seeded issues are in the list: the footer reads 1..7 out of 7.");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("1..7 out of 7")));
}

#[test]
fn english_unquoted_targets_and_values() {
    let c = first("Click the Sign in button");
    assert_eq!((c.verb, c.target.as_deref(), c.hint), (Verb::Click, Some("Sign in"), Some(RoleHint::Button)));
    let c = first("Click Sign in");
    assert_eq!(c.target.as_deref(), Some("Sign in"));
    let c = first("Enter ada@example.com in the Email field");
    assert_eq!((c.verb, c.target.as_deref(), c.value.as_deref()), (Verb::Fill, Some("Email"), Some("ada@example.com")));
    let c = first("Fill Email with ada@example.com");
    assert_eq!((c.target.as_deref(), c.value.as_deref()), (Some("Email"), Some("ada@example.com")));
    let c = first("Verify Dashboard is visible");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("Dashboard")));
    assert_eq!(interpret_all("Check the list", None)[0].verb, Verb::Look);
}

#[test]
fn an_app_telling_what_happened_is_a_message_known_by_its_gist() {
    // A tracker, a shop dashboard, a wiki: the app says or confirms what happened.
    for (sentence, gist) in [
        ("The tracker says the nosy list was edited ok.", "the nosy list was edited ok"),
        ("the dashboard confirms the range was created", "the range was created"),
        ("Then the wiki confirms that my changes were saved", "my changes were saved"),
        ("The system reports that the file has been imported.", "file has been imported"),
    ] {
        let c = first(sentence);
        assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectMessage, Some(gist)), "{sentence}");
    }
    // A text named as it is shown stays a text to find.
    assert_eq!(first("The page says \"Saved\".").verb, Verb::ExpectVisible);
    assert_eq!(first("The footer says 1..7 out of 7").verb, Verb::ExpectVisible);
}

#[test]
fn saving_a_thing_presses_the_control_its_verb_names() {
    // A shop's range, a tracker's form, a CMS's page.
    for (sentence, name) in
        [("save the range", "Save"), ("Submit the form.", "Submit"), ("publish the page", "Publish")]
    {
        let c = first(sentence);
        assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some(name)), "{sentence}");
    }
    // A named thing is no form to save: "Save Draft" is the control itself.
    assert_eq!(first("Click Save Draft").target.as_deref(), Some("Save Draft"));
}

#[test]
fn one_value_in_two_fields_goes_in_each() {
    // A user form's password twice, a wiki's sign-up, a shop's two prices.
    for (sentence, value, fields) in [
        ("Enter Summer2025 in Password and in Confirm Password", "Summer2025", ["Password", "Confirm Password"]),
        ("Type Qa-wiki-2024 in Password and in Confirm password", "Qa-wiki-2024", ["Password", "Confirm password"]),
        ("Enter 12 in Price and in Sale price", "12", ["Price", "Sale price"]),
    ] {
        let read = interpret_all(sentence, None);
        let got: Vec<_> = read.iter().map(|i| (i.target.as_deref().unwrap_or(""), i.value.as_deref())).collect();
        assert_eq!(got, vec![(fields[0], Some(value)), (fields[1], Some(value))], "{sentence}");
    }
}

#[test]
fn a_form_that_opens_with_its_fields_shows_each() {
    // A user form, a sign-up dialog, a shop's voucher page.
    for (sentence, fields) in [
        ("A form with Password and Confirm Password opens", vec!["Password", "Confirm Password"]),
        ("A dialog with Name, Email and Phone opens", vec!["Name", "Email", "Phone"]),
        ("A page with Code and Discount is open", vec!["Code", "Discount"]),
    ] {
        let read = interpret_all(sentence, None);
        let got: Vec<_> = read.iter().map(|i| (i.verb, i.target.clone().unwrap_or_default())).collect();
        let want: Vec<_> = fields.iter().map(|f| (Verb::ExpectVisible, f.to_string())).collect();
        assert_eq!(got, want, "{sentence}");
    }
}

#[test]
fn a_place_named_with_its_kind_is_the_name_and_the_apps_own_places_are_the_place() {
    // A CMS's collection, a tracker's project, a shop's category; the tracker's own issue list.
    for (sentence, place) in [
        ("Open the Posts collection", "Posts"),
        ("Go to the Website Redesign project", "Website Redesign"),
        ("Open the Hardware category", "Hardware"),
        ("Open the tracker's issue list", "issue list"),
        ("Go to the shop's dashboard", "dashboard"),
        // Small letters are the name itself, kind and all.
        ("Open the issue list", "issue list"),
        ("Go to the project list", "project list"),
        // Whose place it is, said before, is no word of its name: a contacts app's entry, a
        // tracker's issue, a CMS's post.
        ("Open the detail view of that entry", "detail view"),
        ("Open the history of it", "history"),
        ("Go to the edit page of the new post", "edit"),
        ("Open the Department of Health page", "Department of Health"),
    ] {
        let got = interpret_all(sentence, None);
        let got: Vec<(Verb, Option<&str>)> = got.iter().map(|i| (i.verb, i.target.as_deref())).collect();
        assert_eq!(got, [(Verb::Navigate, Some(place))], "{sentence}");
    }
}

#[test]
fn a_records_property_in_small_letters_is_the_value_it_holds() {
    // A tracker's priority, a shop's stock status, a CMS's page status: values in small letters.
    for (sentence, field, value) in [
        ("the new issue's priority is bug", "priority", "bug"),
        ("the product's availability is instock", "availability", "instock"),
        ("the page's status is draft", "status", "draft"),
    ] {
        let got = interpret_all(sentence, None);
        let got: Vec<(Verb, Option<&str>, Option<&str>)> =
            got.iter().map(|i| (i.verb, i.target.as_deref(), i.value.as_deref())).collect();
        assert_eq!(got, [(Verb::ExpectValue, Some(field), Some(value))], "{sentence}");
    }
    // How it is, not what it holds.
    for sentence in ["the issue's title is shown", "the page's title is visible", "the order's total is updated"] {
        let got = interpret_all(sentence, None);
        assert!(got.iter().all(|i| i.verb != Verb::ExpectValue), "{sentence}: {got:?}");
    }
}

#[test]
fn a_control_used_is_pressed() {
    // A list's add button, a report's export link, a table's filter icon.
    for (sentence, target) in [
        ("Use the plus button above the table to start a new entry.", "plus"),
        ("Use the Export link to download the list", "Export"),
        ("Use the Filter icon so the list gets shorter", "Filter"),
    ] {
        let c = first(sentence);
        assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some(target)), "{sentence}");
    }
    // What is used that is no control is not pressed.
    assert!(crate::interpret_all("Use the test data above", None).iter().all(|i| i.verb != Verb::Click));
}

#[test]
fn a_list_filtered_or_sorted_by_a_choice_presses_it() {
    // A CMS's status filter, a tracker's column, a shop's grouping.
    for (sentence, target) in [
        ("Filter by Drafts", "Drafts"),
        ("Sort the issues by Priority", "Priority"),
        ("Group orders by Status", "Status"),
    ] {
        let c = first(sentence);
        assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some(target)), "{sentence}");
    }
    // A choice told in small words, or with its value, is no name to press.
    assert!(crate::interpret_all("sort the results by relevance", None).iter().all(|i| i.verb != Verb::Click));
}

/// How the apps' own guides say a step (a code host's, a CMS's, a tracker's): "Select" for
/// pressing a command, a switch toggled one way, the press named after "by", the side of the
/// page said first, what "you should see".
#[test]
fn steps_in_the_words_of_user_guides() {
    let read = |s: &str| {
        let i = first(s);
        (i.verb, i.target.unwrap_or_default(), i.hint)
    };
    // A command's name starts with what it does: pressed; a value then a field stays chosen.
    assert_eq!(read("Select Save changes."), (Verb::Click, "Save changes".into(), None));
    assert_eq!(read("Select Create project."), (Verb::Click, "Create project".into(), None));
    assert_eq!(read("Select New issue."), (Verb::Click, "New issue".into(), None));
    assert_eq!(read("Select the Admin role.").0, Verb::Select);
    // A box or a switch is ticked, by its name or by the words beside it.
    let ticked = |name: &str| (Verb::Check, name.to_string(), Some(RoleHint::Checkbox));
    assert_eq!(read("Select the checkbox next to Enable email notifications."), ticked("Enable email notifications"));
    assert_eq!(read("Select the Remember me checkbox."), ticked("Remember me"));
    assert_eq!(read("Toggle the Dark mode switch on."), ticked("Dark mode"));
    assert_eq!(read("Turn on the Auto-publish switch."), ticked("Auto-publish"));
    assert_eq!(read("Toggle Notifications off.").0, Verb::Uncheck);
    assert_eq!(read("Toggle Dark mode."), (Verb::Click, "Dark mode".into(), None));
    // The press said after "by".
    let ok = first("Confirm by clicking OK in the dialog.");
    assert_eq!((ok.verb, ok.target.as_deref(), ok.scope), (Verb::Click, Some("OK"), Some(crate::Scope::Dialog(None))));
    assert_eq!(read("Save the page by pressing Save changes."), (Verb::Click, "Save changes".into(), None));
    assert_eq!(read("Finish by selecting Create project.").1, "Create project");
    // A side of the page said first is no name.
    assert_eq!(read("At the bottom of the page, click Save changes."), (Verb::Click, "Save changes".into(), None));
    assert_eq!(read("In the top right corner, click Help."), (Verb::Click, "Help".into(), None));
    assert_eq!(read("On the left, click Pages."), (Verb::Click, "Pages".into(), None));
    // A tab switched to is pressed.
    assert_eq!(read("Switch to the Members tab."), (Verb::Click, "Members".into(), Some(RoleHint::Tab)));
    assert_eq!(read("Switch to the Preview tab."), (Verb::Click, "Preview".into(), Some(RoleHint::Tab)));
}

/// What a guide says a person sees or makes sure of: the screen, a control's state by its name
/// without its kind, a statement after "that".
#[test]
fn what_you_should_see_and_make_sure_of() {
    let read = |s: &str| {
        let i = first(s);
        (i.verb, i.target.unwrap_or_default())
    };
    assert_eq!(read("You should see the Dashboard page."), (Verb::ExpectScreen, "Dashboard".into()));
    assert_eq!(read("You should now see the Members page."), (Verb::ExpectScreen, "Members".into()));
    assert_eq!(read("Make sure the Save button is disabled."), (Verb::ExpectDisabled, "Save".into()));
    assert_eq!(read("Verify that the Publish button is disabled."), (Verb::ExpectDisabled, "Publish".into()));
    assert_eq!(read("Verify that the Dashboard page is shown."), (Verb::ExpectScreen, "Dashboard".into()));
    assert_eq!(read("Make sure that the Issues page is displayed."), (Verb::ExpectScreen, "Issues".into()));
}

/// More of the guides' words (a tracker's, a wiki's, an admin site's): a field filled "with" a
/// quoted value, a tab selected, the press after "by" after a longer lead, a purpose or an option
/// said first, what "you'll see" a message confirm, an account described by whose it is.
#[test]
fn more_steps_in_the_words_of_user_guides() {
    let read = |s: &str| {
        let i = first(s);
        (i.verb, i.target.unwrap_or_default(), i.value)
    };
    assert_eq!(
        read("Fill in the Subject field with \"Printer broken\"."),
        (Verb::Fill, "Subject".into(), Some("Printer broken".into()))
    );
    assert_eq!(
        read("Fill the Title with 'Release notes'."),
        (Verb::Fill, "Title".into(), Some("Release notes".into()))
    );
    assert_eq!(read("Select the Members tab.").0, Verb::Click);
    assert_eq!(first("Select the Members tab.").hint, Some(RoleHint::Tab));
    assert_eq!(read("Add a new member by clicking New member."), (Verb::Click, "New member".into(), None));
    assert_eq!(read("To add a user, click Add user."), (Verb::Click, "Add user".into(), None));
    assert_eq!(read("If you want to see your changes before saving, click Show preview.").1, "Show preview");
    assert_eq!(read("Optionally, click Show preview.").1, "Show preview");
    assert_eq!(read("If needed, enter a description.").0, Verb::Fill);
    assert_eq!(
        read("You'll see a message confirming the user was added."),
        (Verb::ExpectMessage, "the user was added".into(), None)
    );
    // An account told by whose it is and its role is no login name: asked for by its role.
    assert_eq!(
        read("Log in to the admin site with your superuser account."),
        (Verb::LogIn, "superuser role".into(), None)
    );
    assert_eq!(read("Log in with your developer account."), (Verb::LogIn, "developer role".into(), None));
    assert_eq!(first("Sign in with your own account.").target, None);
    assert_eq!(read("Log in as admin.").1, "admin");
    assert_eq!(first("Click the Add user button in the upper-right corner.").scope, None);
    // A statement after a press is no name to press.
    assert!(crate::interpret_all("Click Save changes. Your edit is saved.", None)
        .iter()
        .all(|i| i.verb != Verb::Click || i.target.as_deref() == Some("Save changes")),);
}

/// A Korean step after its purpose or its option ("…하려면", "필요하면"): what is done follows.
#[test]
fn a_korean_step_after_its_purpose() {
    let read = |s: &str| {
        let i = first(s);
        (i.verb, i.target.unwrap_or_default())
    };
    assert_eq!(read("사용자를 추가하려면 사용자 추가를 클릭한다."), (Verb::Click, "사용자 추가".into()));
    assert_eq!(read("미리 보려면 미리보기를 누른다."), (Verb::Click, "미리보기".into()));
    assert_eq!(read("필요하면 설명을 입력한다."), (Verb::Fill, "설명".into()));
}

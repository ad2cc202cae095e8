/** Word lists for synthetic people, companies and addresses; no real brokerage is named. */

// Word lists read as lists, ten to a line, not one word a line.
// prettier-ignore
export const firstNames = [
  'James', 'John', 'Robert', 'Michael', 'William', 'David', 'Richard', 'Joseph', 'Thomas', 'Charles',
  'Daniel', 'Matthew', 'Anthony', 'Mark', 'Steven', 'Paul', 'Andrew', 'Joshua', 'Kenneth', 'Kevin',
  'Brian', 'George', 'Timothy', 'Ronald', 'Jason', 'Jeffrey', 'Ryan', 'Jacob', 'Gary', 'Nicholas',
  'Eric', 'Jonathan', 'Stephen', 'Larry', 'Justin', 'Scott', 'Brandon', 'Benjamin', 'Samuel', 'Travis',
  'Cody', 'Wade', 'Clay', 'Dustin', 'Luis', 'Carlos', 'Miguel', 'Hank', 'Wyatt', 'Colton',
  'Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Barbara', 'Susan', 'Jessica', 'Sarah', 'Karen',
  'Lisa', 'Nancy', 'Betty', 'Sandra', 'Ashley', 'Kimberly', 'Emily', 'Donna', 'Michelle', 'Carol',
  'Amanda', 'Melissa', 'Deborah', 'Stephanie', 'Rebecca', 'Laura', 'Sharon', 'Cynthia', 'Amy', 'Angela',
  'Shelby', 'Tammy', 'Kelsey', 'Rachel', 'Maria', 'Rosa', 'Hannah', 'Abigail', 'Savannah', 'Brooke',
]

// prettier-ignore
export const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King',
  'Wright', 'Scott', 'Hill', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Roberts',
  'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morris', 'Murphy',
  'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson', 'Reed', 'Bailey', 'Bell', 'Howard', 'Ward',
  'Cox', 'Richardson', 'Wood', 'Watson', 'Brooks', 'Bennett', 'Gray', 'Hughes', 'Price', 'Sanders',
  'Myers', 'Long', 'Ross', 'Foster', 'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Coleman',
  'Butler', 'Barnes', 'Fisher', 'Henderson', 'Graham', 'Hayes', 'McCoy', 'Whitfield', 'Holloway', 'Calhoun',
]

/** First words of made-up company names ('Red Oak Land Co.'). */
// prettier-ignore
export const landmarkWords = [
  'Red Oak', 'Cedar Ridge', 'Blue Sky', 'Prairie Wind', 'Big Creek', 'High Plains', 'Twin Rivers', 'Pine Hollow',
  'Stone Gate', 'Eagle Rock', 'Lone Pine', 'Clear Fork', 'Heritage', 'Frontier', 'Timber Creek', 'Rolling Hills',
  'Golden Valley', 'Whitetail', 'Bluestem', 'Open Range', 'Sandhill', 'Copper Canyon', 'Riverbend', 'Meadowlark',
]

export const companyForms = [
  'Land Co.',
  'Land & Auction',
  'Realty',
  'Land Company',
  'Farm & Ranch Realty',
  'Land Brokers',
  'Properties',
  'Land Group',
  'Real Estate',
]

// prettier-ignore
export const streetNames = [
  'Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Walnut', 'Washington', 'Lake', 'Hill',
  'Park', 'Church', 'Mill', 'Ridge', 'Spring', 'Highland', 'Meadow', 'River', 'Sunset', 'Jackson',
]

export const streetKinds = ['St', 'Ave', 'Rd', 'Dr', 'Ln', 'Blvd', 'Hwy']

export const ruralRoadKinds = ['County Road', 'Farm Road', 'State Highway', 'Ranch Road', 'Township Road', 'Forest Road']

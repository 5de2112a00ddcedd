// A driver's qualification (docs/DECISIONS.md "Driver qualification"), computed by PostgreSQL so
// that /drivers filters and sorts by it and the home page's metrics count it, with the same rules
// for all three. The facts come from lateral subqueries, each one index probe per driver
// (orders_person_idx, annual_reviews_person_idx, driver_alerts_person_idx, the enrolments' key): a
// page of 20 drivers costs 20 probes of each, a filter over thousands of drivers thousands.
//
// The rules are booleans in SQL and the status is decided from them there; the words of `reasons`
// are written here from the same booleans, so the server never judges a driver twice.
import { sql, type SQL } from 'drizzle-orm';
import {
  ANNUAL_REVIEW_DUE_WINDOW_DAYS, type DriverQualification, type MonitoringEnrolment, type PersonMonitoringFilter, type QualificationStatus,
} from '@clearlane/contract';

/** Licence and medical certificate expiries this close count as "attention". */
export const EXPIRY_ATTENTION_DAYS = 30;

/** Today, UTC, as the rules count days. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The lateral subquery that gives every `persons` row its qualification columns
 * (`driver_qualification.*`): join it with `.crossJoinLateral(qualificationOf(asOf))`. `asOf` is
 * today (YYYY-MM-DD): passed in, so every rule counts from the same day as the server's clock.
 */
export function driverQualification(asOf: string): SQL {
  const today = sql`${asOf}::date`;
  return sql`(
    select
      last_mvr.order_id as last_mvr_order_id, last_mvr.completed_on as last_mvr_on,
      last_review.reviewed_on as last_review_on, review.due_on as review_due_on, review.due_key as review_due_key,
      open_alerts.open_alerts, open_alerts.open_high_alerts, enrolments.enrolments, enrolments.enrolled, enrolments.active,
      row_to_json(rules) as rules_met, rules.review_due, rules.review_overdue, rules.review_due or rules.review_overdue as review_due_or_overdue,
      rules.open_alert as has_open_alerts,
      case
        when rules.licence_expired or rules.medical_expired or rules.review_not_qualified or rules.open_high_alert
          or rules.mvr_missing or rules.mvr_stale or rules.review_overdue then 'NOT_QUALIFIED'
        when rules.review_due or rules.licence_expiring or rules.medical_expiring or rules.open_alert then 'ATTENTION'
        else 'QUALIFIED'
      end as status
    from (
      select count(*)::int as open_alerts, (count(*) filter (where a.severity = 'HIGH'))::int as open_high_alerts
      from driver_alerts a
      where a.company_id = persons.company_id and a.person_id = persons.id and a.acknowledged_at is null
    ) as open_alerts
    cross join lateral (
      select
        coalesce(json_agg(json_build_object(
          'monitoringType', e.monitoring_type, 'status', e.status, 'enrolledAt', e.enrolled_at, 'activeSince', e.active_since
        ) order by e.monitoring_type), '[]'::json) as enrolments,
        count(*)::int as enrolled,
        (count(*) filter (where e.status = 'ACTIVE'))::int as active
      from monitoring_enrolments e
      where e.company_id = persons.company_id and e.person_id = persons.id
    ) as enrolments
    left join lateral (
      select o.id as order_id, (o.completed_at at time zone 'UTC')::date as completed_on
      from orders o
      where o.company_id = persons.company_id and o.person_id = persons.id
        and o.type in ('MVR', 'MVR_WITH_ADJUDICATION') and o.status = 'Complete' and o.completed_at is not null
      order by o.completed_at desc
      limit 1
    ) as last_mvr on true
    left join lateral (
      select r.reviewed_on::date as reviewed_on, r.decision
      from annual_reviews r
      where r.company_id = persons.company_id and r.person_id = persons.id
      order by r.reviewed_on desc, r.created_at desc
      limit 1
    ) as last_review on true
    cross join lateral (
      select
        (last_review.reviewed_on + interval '12 months')::date as due_on,
        -- No review yet: due now once there is an MVR to review.
        coalesce((last_review.reviewed_on + interval '12 months')::date, case when last_mvr.order_id is not null then ${today} end) as due_key
    ) as review
    cross join lateral (
      select
        coalesce(persons.licence_expires_on::date < ${today}, false) as licence_expired,
        coalesce(persons.medical_certificate_expires_on::date < ${today}, false) as medical_expired,
        coalesce(last_review.decision = 'NOT_QUALIFIED', false) as review_not_qualified,
        open_alerts.open_high_alerts > 0 as open_high_alert,
        last_mvr.order_id is null as mvr_missing,
        coalesce(last_mvr.completed_on < ${today} - interval '12 months', false) as mvr_stale,
        coalesce(review.due_key < ${today}, false) as review_overdue,
        coalesce(review.due_key between ${today} and ${today} + ${ANNUAL_REVIEW_DUE_WINDOW_DAYS}::int, false) as review_due,
        coalesce(persons.licence_expires_on::date between ${today} and ${today} + ${EXPIRY_ATTENTION_DAYS}::int, false) as licence_expiring,
        coalesce(persons.medical_certificate_expires_on::date between ${today} and ${today} + ${EXPIRY_ATTENTION_DAYS}::int, false) as medical_expiring,
        open_alerts.open_alerts > 0 as open_alert
    ) as rules
  ) as driver_qualification`;
}

/** The driver's qualification status (a column once `qualificationJoins` are joined). */
export const qualificationStatus = sql<QualificationStatus>`driver_qualification.status`;
/** Worst first: 0 not qualified, 1 attention, 2 qualified. */
export const qualificationRank = sql`case driver_qualification.status when 'NOT_QUALIFIED' then 0 when 'ATTENTION' then 1 else 2 end`;
/** The day the annual review is due; today for a driver with an MVR and no review yet. */
export const reviewDueKey = sql`driver_qualification.review_due_key`;
export const lastMvrDate = sql`driver_qualification.last_mvr_on`;
export const reviewDueOrOverdue = sql`driver_qualification.review_due_or_overdue`;
export const hasOpenAlerts = sql`driver_qualification.has_open_alerts`;

export const reviewDueSoon = sql`driver_qualification.review_due`;
export const reviewOverdue = sql`driver_qualification.review_overdue`;

export function monitoringCondition(filter: PersonMonitoringFilter): SQL {
  switch (filter) {
    case 'ENROLLED':
      return sql`driver_qualification.active > 0`;
    case 'PENDING':
      return sql`(driver_qualification.enrolled > 0 and driver_qualification.active = 0)`;
    case 'NONE':
      return sql`driver_qualification.enrolled = 0`;
  }
}

const isoDate = (column: string) => sql<string | null>`to_char(${sql.raw(column)}, 'YYYY-MM-DD')`;

/** The columns a Person answer needs, selected beside the driver's own. */
export const qualificationColumns = {
  qualificationStatus,
  lastMvrOrderId: sql<string | null>`driver_qualification.last_mvr_order_id`,
  lastMvrDate: isoDate('driver_qualification.last_mvr_on'),
  lastAnnualReviewOn: isoDate('driver_qualification.last_review_on'),
  annualReviewDueOn: isoDate('driver_qualification.review_due_on'),
  openAlerts: sql<number>`driver_qualification.open_alerts`,
  openHighAlerts: sql<number>`driver_qualification.open_high_alerts`,
  rules: sql<QualificationRules>`driver_qualification.rules_met`,
  enrolments: sql<RawEnrolment[]>`driver_qualification.enrolments`,
};

export interface QualificationRules {
  licence_expired: boolean;
  medical_expired: boolean;
  review_not_qualified: boolean;
  open_high_alert: boolean;
  mvr_missing: boolean;
  mvr_stale: boolean;
  review_overdue: boolean;
  review_due: boolean;
  licence_expiring: boolean;
  medical_expiring: boolean;
  open_alert: boolean;
}

interface RawEnrolment {
  monitoringType: MonitoringEnrolment['monitoringType'];
  status: MonitoringEnrolment['status'];
  enrolledAt: string;
  activeSince: string | null;
}

export interface QualificationRow {
  qualificationStatus: QualificationStatus;
  lastMvrOrderId: string | null;
  lastMvrDate: string | null;
  lastAnnualReviewOn: string | null;
  annualReviewDueOn: string | null;
  openAlerts: number;
  openHighAlerts: number;
  rules: QualificationRules;
  enrolments: RawEnrolment[];
  licenceExpiresOn: string | null;
  medicalCertificateExpiresOn: string | null;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The reasons, most serious first: what makes the driver not qualified, then what needs attention. */
export function reasonsOf(row: QualificationRow): string[] {
  const { rules } = row;
  const reasons: string[] = [];
  const add = (when: boolean, reason: () => string) => {
    if (when) reasons.push(reason());
  };
  add(rules.licence_expired, () => `Licence expired on ${row.licenceExpiresOn}`);
  add(rules.review_not_qualified, () => `Annual review of ${row.lastAnnualReviewOn} found the driver not qualified`);
  add(rules.open_high_alert, () => `${plural(row.openHighAlerts, 'open high-severity alert')}`);
  add(rules.medical_expired, () => `Medical certificate expired on ${row.medicalCertificateExpiresOn}`);
  add(rules.mvr_missing, () => 'No MVR on file');
  add(rules.mvr_stale, () => `No MVR in the last 12 months (last on ${row.lastMvrDate})`);
  add(rules.review_overdue, () => `Annual review overdue since ${row.annualReviewDueOn}`);
  add(rules.review_due, () =>
    row.annualReviewDueOn ? `Annual review due on ${row.annualReviewDueOn}` : `Annual review due now: none recorded since the MVR of ${row.lastMvrDate}`);
  add(rules.licence_expiring, () => `Licence expires on ${row.licenceExpiresOn}`);
  add(rules.medical_expiring, () => `Medical certificate expires on ${row.medicalCertificateExpiresOn}`);
  const otherAlerts = row.openAlerts - row.openHighAlerts;
  add(otherAlerts > 0, () => rules.open_high_alert ? `${plural(otherAlerts, 'other open alert')}` : `${plural(otherAlerts, 'open alert')}`);
  return reasons;
}

export function qualificationOf(row: QualificationRow): DriverQualification {
  return {
    status: row.qualificationStatus,
    reasons: reasonsOf(row),
    lastMvrOrderId: row.lastMvrOrderId,
    lastMvrDate: row.lastMvrDate,
    lastAnnualReviewOn: row.lastAnnualReviewOn,
    annualReviewDueOn: row.annualReviewDueOn,
    openAlerts: row.openAlerts,
  };
}

const isoTimestamp = (value: string) => new Date(value).toISOString();

export function enrolmentsOf(row: QualificationRow): MonitoringEnrolment[] {
  return row.enrolments.map((enrolment) => ({
    monitoringType: enrolment.monitoringType,
    status: enrolment.status,
    enrolledAt: isoTimestamp(enrolment.enrolledAt),
    activeSince: enrolment.activeSince ? isoTimestamp(enrolment.activeSince) : null,
  }));
}

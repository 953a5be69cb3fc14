import { useEffect, useId } from 'react';

import { fieldClasses } from '#frontend/components/ui/input.tsx';
import { useTeamMembers } from '#frontend/features/event-editor/api/get-team.ts';
import { FieldError, Switch } from '#frontend/features/event-editor/components/form-controls.tsx';
import { fieldId, type EventForm } from '#frontend/features/event-editor/components/use-event-form.ts';
import {
  changeHost,
  everyMember,
  SCHEDULING_TYPES,
  toggleHost,
  type TeamChoice,
} from '#frontend/features/event-editor/lib/team-hosts.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/**
 * 'Team' (issue 28), for a team event: the team, the scheduling type (round-robin or collective, each explained in
 * a line) and the hosts, the team's members each a checkbox; round-robin adds a "Fixed" switch and a weight per host.
 * A new event starts with every member as a host.
 */
export function TeamSection({
  form,
  choice,
  onChange,
}: {
  form: EventForm;
  choice: TeamChoice;
  onChange: (choice: TeamChoice) => void;
}) {
  const team = useTeamMembers(choice.teamSlug);
  const members = team.data?.members;
  const typeName = useId();
  const roundRobin = choice.schedulingType === 'round-robin';

  useEffect(() => {
    if (members && choice.hosts === null) onChange({ ...choice, hosts: everyMember(members) });
  }, [members, choice, onChange]);

  const set = (change: Partial<TeamChoice>) => {
    onChange({ ...choice, ...change });
    form.setErrors((current) => {
      const { hosts: _hosts, schedulingType: _type, teamSlug: _team, ...rest } = current;
      return rest;
    });
  };
  const hosts = choice.hosts ?? [];

  return (
    <section
      aria-labelledby={`${typeName}-title`}
      className="grid gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div>
        <h2 id={`${typeName}-title`} className="text-base font-semibold">
          Team event
        </h2>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {team.data ? `Booked with members of ${team.data.name}.` : `Team: ${choice.teamSlug}`}
        </p>
        <FieldError form={form} path="teamSlug" />
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Scheduling type</legend>
        <div className="mt-2 grid gap-2">
          {SCHEDULING_TYPES.map((type) => (
            <label
              key={type.value}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
            >
              <input
                type="radio"
                name={typeName}
                value={type.value}
                checked={choice.schedulingType === type.value}
                onChange={() => set({ schedulingType: type.value })}
                className={cn('mt-0.5 size-4 cursor-pointer accent-brand-700', focusRing)}
                {...(type.value === 'round-robin' && { id: fieldId('schedulingType') })}
              />
              <span>
                <span className="block font-medium text-slate-900 dark:text-white">{type.label}</span>
                <span className="block text-slate-600 dark:text-slate-300">{type.explanation}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError form={form} path="schedulingType" />
      </fieldset>

      <fieldset aria-describedby={form.errors.hosts ? `${fieldId('hosts')}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Hosts</legend>
        {team.isPending ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading members...</p>
        ) : team.isError || !members ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            The team&apos;s members could not be loaded.
          </p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {members.map((member, index) => {
              const host = hosts.find((chosen) => chosen.userId === member.userId);
              const label = member.name || member.email;
              return (
                <li
                  key={member.userId}
                  className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
                >
                  <label className="flex min-w-0 flex-1 basis-40 cursor-pointer items-center gap-3 text-sm text-slate-800 dark:text-slate-200">
                    <input
                      type="checkbox"
                      className={cn('size-4 shrink-0 cursor-pointer rounded-sm accent-brand-700', focusRing)}
                      checked={Boolean(host)}
                      onChange={(event) => set({ hosts: toggleHost(hosts, member.userId, event.target.checked) })}
                      aria-invalid={form.errors.hosts ? true : undefined}
                      {...(index === 0 && { id: fieldId('hosts') })}
                    />
                    <span className="min-w-0">
                      <span className="block truncate">{label}</span>
                      {member.status === 'no-calendar' && (
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          No calendar connected: never free until they connect one.
                        </span>
                      )}
                    </span>
                  </label>
                  {host && roundRobin && (
                    <div className="flex items-center gap-3">
                      <Switch
                        aria-label={`Fixed: ${label} attends every booking`}
                        checked={host.fixed}
                        onCheckedChange={(fixed) => set({ hosts: changeHost(hosts, member.userId, { fixed }) })}
                      />
                      <span aria-hidden="true" className="text-sm text-slate-700 dark:text-slate-300">
                        Fixed
                      </span>
                      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                        <span>Weight</span>
                        <input
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={1000}
                          value={host.weight}
                          disabled={host.fixed}
                          aria-label={`Weight of ${label}`}
                          onChange={(event) =>
                            set({ hosts: changeHost(hosts, member.userId, { weight: event.target.value }) })
                          }
                          className={cn(fieldClasses, 'h-9 w-20')}
                        />
                      </label>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {roundRobin
            ? 'Fixed hosts attend every booking. Weight: a share of bookings (200 gets twice as many as 100).'
            : 'Every checked host attends each booking.'}
        </p>
        <FieldError form={form} path="hosts" />
      </fieldset>
    </section>
  );
}
